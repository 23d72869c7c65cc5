import type { ExportJob, ImportResult } from '@gw/contracts';
import type { ListFilters } from './http/resource/list-query.js';
import type { ResourceDef } from './http/resource/types.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { CountCache } from './http/resource/count-cache.js';
import type { Clock } from './lib/clock.js';
import type { LiveBus } from './live/bus.js';
import type { EmbeddedBroker } from './mqtt/broker.js';
import type { BoxCommands } from './mqtt/commands/types.js';
import type { BoxAccounts } from './mqtt/external/accounts.js';
import type { BoxLink } from './mqtt/link.js';
import type { BoxTunnels } from './mqtt/tunnel/types.js';
import type { RemoteAccess } from './remote-access/index.js';
import type { Captchas } from './modules/tools/captcha.js';
import type { Sessions } from './modules/user/sessions.js';

/** The services every part of the app shares; the box link's own (LinkDeps) are built on them. */
export interface CoreDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: Sessions;
  captchas: Captchas;
  /** Totals of list queries this node counted recently (forgotten on every write it serves). */
  counts: CountCache;
  /** Export and import work for the resource machine's spreadsheet routes. */
  sheets: SheetJobs;
  /** This node's Prometheus metrics (/custom/api/metrics): each part registers its own on it. */
  metrics: Registry;
  /** Events for the console's live channel (presence, machine states, alarms, job progress). */
  live: LiveBus;
  /** Remote access on this node, with or without the box link: the hub's peers, its watch's wake-up, the sessions' sweep. */
  remote: RemoteAccess;
}

/** The box link's services (mqtt/start.ts), each absent where a setting turns it off. */
export interface LinkDeps {
  /** The embedded MQTT broker; absent with MQTT_BROKER=off or MQTT_URL (closed with the app). */
  broker?: EmbeddedBroker;
  /** The box protocol's link (embedded broker or external client); absent when MQTT is off (MQTT_BROKER=off without MQTT_URL). */
  link?: BoxLink;
  /** Commands to boxes over the link; absent when MQTT is off. */
  commands?: BoxCommands;
  /** Boxes' remote-access tunnels, told when what decides them changes; absent when MQTT is off. */
  tunnels?: BoxTunnels;
  /** An external broker's box accounts (Mosquitto dynamic security, MQTT_DYNSEC=on), kept in step where boxes change. */
  boxAccounts?: BoxAccounts;
}

/** What route plugins receive: the shared services, every one built in app.ts before the first route registers. */
export interface AppDeps extends CoreDeps, LinkDeps {}

/**
 * What every resource module exports from `modules/<slug>/routes.ts` as its default: its routes, registered in a
 * scope of their own under the API prefix for each slug of the contracts' menus (app.ts).
 */
export type ModuleRoutes = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

/**
 * What the machine's spreadsheet routes ask of the job side. jobs/ implements it and app.ts hands it over in
 * the deps, so imports go one way: jobs/ runs lists through the machine (http/resource), the machine never
 * imports jobs/.
 */
export interface SheetJobs {
  /** Makes a resource's exports runnable on any node (a job stores only the resource's path). */
  register(def: ResourceDef): void;
  /**
   * Queues an export of the list under `filters` for `user`; answers the job as the export page lists it. The
   * job and its file are named `title`, the resource's title unless the list is one thing's (机床报警(L1)).
   */
  queueExport(deps: AppDeps, req: FastifyRequest, def: ResourceDef, filters: ListFilters, title?: string): Promise<ExportJob>;
  /** The import template: an xlsx whose header holds the columns a file may fill. */
  template(def: ResourceDef): Promise<Buffer>;
  /** Imports an uploaded file; one that is no xlsx, or too long, is refused with a 400. */
  importFile(req: FastifyRequest, deps: AppDeps, def: ResourceDef, file: Buffer): Promise<ImportResult>;
}

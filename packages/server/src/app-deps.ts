import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { CountCache } from './http/resource/count-cache.js';
import type { SheetJobs } from './http/resource/sheets.js';
import type { Clock } from './lib/clock.js';
import type { LiveBus } from './live/bus.js';
import type { EmbeddedBroker } from './mqtt/broker.js';
import type { BoxCommands } from './mqtt/commands/types.js';
import type { BoxAccounts } from './mqtt/external/accounts.js';
import type { BoxLink } from './mqtt/link.js';
import type { Captchas } from './modules/tools/captcha.js';
import type { Sessions } from './modules/user/sessions.js';

/** What route plugins receive as their options: the shared services, built once in app.ts. */
export interface AppDeps {
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
  /** The embedded MQTT broker, when this server runs one (started in app.ts, closed with the app). */
  broker?: EmbeddedBroker;
  /** Events for the console's live channel (presence, machine states, alarms, job progress). */
  live: LiveBus;
  /** The box protocol's link (embedded broker or external client); absent when MQTT is off. */
  link?: BoxLink;
  /** Commands to boxes over the link; absent when MQTT is off. */
  commands?: BoxCommands;
  /** An external broker's box accounts (Mosquitto dynamic security), kept in step where boxes change. */
  boxAccounts?: BoxAccounts;
}

/**
 * What every resource module exports from `modules/<slug>/routes.ts` as its default: its routes, registered in a
 * scope of their own under the API prefix for each slug of the contracts' menus (app.ts).
 */
export type ModuleRoutes = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

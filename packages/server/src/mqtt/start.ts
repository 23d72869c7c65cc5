import type { FastifyInstance } from 'fastify';
import type { CoreDeps, LinkDeps } from '../app-deps.js';
import { MQTT_WS_PATH, startBroker } from './broker.js';
import { guardBoxes } from './box-access.js';
import { startCommands } from './commands/index.js';
import { embeddedLink } from './embedded-link.js';
import { registerExternalRoutes, startExternal } from './external/start.js';
import { followBoxIdentity } from './identity/index.js';
import { startIngest } from './ingest/index.js';
import type { BoxLink } from './link.js';
import { brokerMetrics } from './metrics.js';
import { startOta } from './ota/index.js';
import { startPresence } from './presence/index.js';
import { startTraffic } from './traffic/index.js';
import { startTunnels } from './tunnel/index.js';

/** The box link as startMqtt gives it to the app. */
export interface StartedMqtt {
  /** The link's services for deps: none when MQTT is off (MQTT_BROKER=off without MQTT_URL). */
  deps: LinkDeps;
  /** The link's own routes (EMQX's login and ACL hooks with an external EMQX), registered with the app's others. */
  registerRoutes(app: FastifyInstance): Promise<void>;
  /**
   * Lets boxes in: the embedded broker's connections, waiting unread until then, and what an external broker
   * kept for this node while it was away. Every handler is in place once startMqtt resolves.
   */
  open(): void;
}

const noRoutes = async () => undefined;
const MQTT_OFF: StartedMqtt = { deps: {}, registerRoutes: noRoutes, open: () => undefined };

/** The link the settings ask for (the embedded broker, else the client of MQTT_URL), or none; closed with the app. */
async function connect(app: FastifyInstance, deps: CoreDeps): Promise<(Omit<StartedMqtt, 'deps'> & Pick<LinkDeps, 'broker' | 'boxAccounts'> & { link: BoxLink }) | null> {
  const { config } = deps;
  if (config.mqttBroker) {
    const broker = await startBroker({ port: config.mqttPort, host: config.host, tlsCert: config.mqttTlsCert, tlsKey: config.mqttTlsKey, http: app.server });
    app.addHook('onClose', () => broker.close());
    await guardBoxes(broker.aedes, deps.db, brokerMetrics(broker.aedes, deps.metrics));
    app.log.info({ port: broker.port, tls: broker.tls, ws: MQTT_WS_PATH }, `内置 MQTT 服务已启动: ${broker.tls ? 'mqtts' : 'mqtt'} 端口 ${broker.port}`);
    return { broker, link: embeddedLink(broker.aedes, app.log), registerRoutes: noRoutes, open: () => broker.open() };
  }
  if (config.mqttUrl) {
    const { link, boxAccounts } = startExternal(app, deps);
    return { link, boxAccounts, registerRoutes: (scope) => registerExternalRoutes(scope, deps), open: () => link.open() };
  }
  app.log.info('MQTT_BROKER=off: 不启动内置 MQTT 服务');
  return null;
}

/**
 * Starts the box link on the shared services: the link the settings ask for, then presence, ingest, traffic,
 * commands, tunnels, what boxes say of themselves and firmware rollouts on it; all stopped with the app. Boxes are heard once
 * the app opens the link.
 */
export async function startMqtt(app: FastifyInstance, deps: CoreDeps): Promise<StartedMqtt> {
  const connected = await connect(app, deps);
  if (!connected) return MQTT_OFF;
  const { link, broker, boxAccounts, registerRoutes, open } = connected;
  const registry = deps.metrics;
  const presence = await startPresence(link, deps, { log: app.log });
  const ingest = await startIngest(link, deps, registry, app.log);
  app.addHook('onClose', startTraffic(link, deps, registry, app.log).stop);
  const commands = startCommands(link, deps);
  const tunnels = startTunnels(link, deps, commands, app.log);
  const identity = followBoxIdentity(link, deps, app.log, registry, tunnels);
  app.addHook('onClose', () => identity.stop());
  const ota = startOta(app, link, deps, commands);
  // flush what is pending (last_seen, telemetry batches) and stop waiting for replies
  app.addHook('onClose', async () => {
    await ota.stop();
    // the replies' waits end first: a tunnel send waiting for one would hold the close for its whole timeout
    commands.stop();
    await tunnels.stop();
    await ingest.stop();
    await presence.stop();
  });
  return { deps: { broker, link, commands, tunnels, boxAccounts }, registerRoutes, open };
}

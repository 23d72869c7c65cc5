import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { MQTT_WS_PATH, startBroker } from './broker.js';
import { guardBoxes } from './box-access.js';
import { startCommands } from './commands/index.js';
import { embeddedLink } from './embedded-link.js';
import type { ExternalLink } from './external/link.js';
import { startExternal } from './external/start.js';
import { followBoxIdentity } from './identity/index.js';
import { startIngest } from './ingest/index.js';
import type { BoxLink } from './link.js';
import { brokerMetrics } from './metrics.js';
import { startOta } from './ota/index.js';
import { startPresence } from './presence/index.js';
import { startTraffic } from './traffic/index.js';

/**
 * Starts the box link: the embedded broker unless the settings turn it off, then presence, ingest, what boxes
 * say of themselves, commands and firmware rollouts on it; all stored on deps and stopped with the app.
 */
export async function startMqtt(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config, metrics: registry } = deps;
  let link: BoxLink | undefined;
  let external: ExternalLink | undefined;
  if (config.mqttBroker) {
    const broker = await startBroker({
      port: config.mqttPort,
      host: config.host,
      tlsCert: config.mqttTlsCert,
      tlsKey: config.mqttTlsKey,
      http: app.server,
    });
    deps.broker = broker;
    app.addHook('onClose', () => broker.close());
    await guardBoxes(broker.aedes, deps.db, brokerMetrics(broker.aedes, registry));
    link = embeddedLink(broker.aedes, app.log);
    app.log.info({ port: broker.port, tls: broker.tls, ws: MQTT_WS_PATH }, `内置 MQTT 服务已启动: ${broker.tls ? 'mqtts' : 'mqtt'} 端口 ${broker.port}`);
  } else if (config.mqttUrl) {
    link = external = await startExternal(app, deps, registry);
  } else {
    app.log.info('MQTT_BROKER=off: 不启动内置 MQTT 服务');
  }
  if (!link) return;
  deps.link = link;
  const presence = await startPresence(link, deps, { log: app.log });
  const ingest = await startIngest(link, deps, registry, app.log);
  app.addHook('onClose', startTraffic(link, deps, registry, app.log).stop);
  const identity = followBoxIdentity(link, deps, app.log, registry);
  app.addHook('onClose', () => identity.stop());
  const commands = startCommands(link, deps);
  deps.commands = commands;
  const ota = startOta(app, link, deps);
  // every handler is registered: boxes may be heard now (the embedded broker's first connections, or what the
  // external broker kept for this node while it was away)
  deps.broker?.open();
  external?.open();
  // flush what is pending (last_seen, telemetry batches) and stop waiting for replies
  app.addHook('onClose', async () => {
    await ota.stop();
    commands.stop();
    await ingest.stop();
    await presence.stop();
  });
}

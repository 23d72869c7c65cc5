import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { AppDeps } from '../../app-deps.js';
import { dynsecAccounts } from './dynsec.js';
import { registerEmqxHooks } from './emqx-hooks.js';
import { type ExternalLink, externalLink } from './link.js';

/**
 * MQTT_URL is set: the server is a client of that broker (its own link, not waited for at start: it
 * reconnects until the broker is there), with EMQX's hooks when EMQX_HOOK_SECRET is set and Mosquitto's
 * dynamic security kept in step when MQTT_DYNSEC=on. Closed with the app.
 */
export async function startExternal(app: FastifyInstance, deps: AppDeps, registry: Registry): Promise<ExternalLink> {
  const { config } = deps;
  if (config.emqxHookSecret) {
    await registerEmqxHooks(app, { db: deps.db, secret: config.emqxHookSecret, serverUsername: config.mqttUsername, serverPassword: config.mqttPassword, registry });
  }
  const link = externalLink(
    {
      url: config.mqttUrl,
      shareGroup: config.mqttShareGroup,
      clientId: config.mqttClientId,
      sessionExpiry: config.mqttSessionExpiry,
      username: config.mqttUsername,
      password: config.mqttPassword,
    },
    app.log,
  );
  app.addHook('onClose', () => link.close());
  if (config.mqttDynsec) {
    const accounts = dynsecAccounts(link.client, app.log, { serverUsername: config.mqttUsername });
    deps.boxAccounts = accounts;
    accounts.setup().catch((err: unknown) => app.log.error({ err }, 'Mosquitto 动态安全插件初始化失败'));
  }
  app.log.info({ url: config.mqttUrl, group: config.mqttShareGroup, dynsec: config.mqttDynsec }, `使用外部 MQTT 服务: ${config.mqttUrl}`);
  return link;
}

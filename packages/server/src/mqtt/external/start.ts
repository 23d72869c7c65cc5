import type { FastifyInstance } from 'fastify';
import type { CoreDeps } from '../../app-deps.js';
import type { BoxAccounts } from './accounts.js';
import { dynsecAccounts } from './dynsec.js';
import { registerEmqxHooks } from './emqx-hooks.js';
import { type ExternalLink, externalLink } from './link.js';

/**
 * MQTT_URL is set: the server is a client of that broker (its own link, not waited for at start: it reconnects
 * until the broker is there), with Mosquitto's dynamic security kept in step when MQTT_DYNSEC=on. Closed with
 * the app.
 */
export function startExternal(app: FastifyInstance, deps: CoreDeps): { link: ExternalLink; boxAccounts?: BoxAccounts } {
  const { config } = deps;
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
  let boxAccounts: BoxAccounts | undefined;
  if (config.mqttDynsec) {
    const accounts = dynsecAccounts(link.client, app.log, { serverUsername: config.mqttUsername });
    accounts.setup().catch((err: unknown) => app.log.error({ err }, 'Mosquitto 动态安全插件初始化失败'));
    boxAccounts = accounts;
  }
  app.log.info({ url: config.mqttUrl, group: config.mqttShareGroup, dynsec: config.mqttDynsec }, `使用外部 MQTT 服务: ${config.mqttUrl}`);
  return { link, boxAccounts };
}

/** EMQX's login and ACL hooks (routes of their own), when this server is a client of EMQX (EMQX_HOOK_SECRET). */
export async function registerExternalRoutes(app: FastifyInstance, deps: CoreDeps): Promise<void> {
  const { config } = deps;
  if (!config.emqxHookSecret) return;
  await registerEmqxHooks(app, {
    db: deps.db,
    secret: config.emqxHookSecret,
    serverUsername: config.mqttUsername,
    serverPassword: config.mqttPassword,
    registry: deps.metrics,
  });
}

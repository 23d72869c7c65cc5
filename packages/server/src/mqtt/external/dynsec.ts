import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import type { BoxAccounts } from './accounts.js';

interface Log {
  info(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
/** The role the server's own login gets: publish commands to every box, subscribe to what boxes publish. */
export const SERVER_ROLE = 'gw-server';
export const boxRole = (gatewayId: string) => `gw-box-${gatewayId}`;

interface Command {
  command: string;
  [field: string]: unknown;
}
interface Reply {
  command: string;
  error?: string;
  correlationData?: string;
}

/** The ACLs of one box's role: Mosquitto 2.0's dynsec has no %c pattern, so each box has its own role. */
function boxAcls(gatewayId: string) {
  return [
    ...['data', 'echo', 'state', 'traffic', 'ota'].map((kind) => ({ acltype: 'publishClientSend', topic: `${kind}/${gatewayId}/v1`, allow: true })),
    { acltype: 'subscribeLiteral', topic: `control/${gatewayId}/v1`, allow: true },
  ];
}

/**
 * Mosquitto 2 dynamic security, driven over `$CONTROL/dynamic-security/v1` (replies on `…/response`) by the
 * server's own client, which needs the dynsec admin rights (e.g. the user made by `mosquitto_ctrl dynsec init`).
 * A box is a client named by its gateway id, bound to that client id, with a role allowing its own topics.
 */
export function dynsecAccounts(client: MqttClient, log: Log, options: { serverUsername?: string; timeoutMs?: number } = {}) {
  const waiting = new Map<string, (replies: Reply[]) => void>();
  const timeoutMs = options.timeoutMs ?? 10_000;
  client.on('message', (topic, payload) => {
    if (topic !== `${DYNSEC_TOPIC}/response`) return;
    try {
      const { responses } = JSON.parse(payload.toString()) as { responses: Reply[] };
      const id = responses.find((r) => r.correlationData)?.correlationData;
      const done = id && waiting.get(id);
      if (done) done(responses);
    } catch {
      // not ours
    }
  });
  // again on every connect (the link's session is clean; dynsec itself kicks the server when its roles change):
  // true once subscribed, false when that connection closed first (the next connect tries again)
  const subscribeResponses = () =>
    client.subscribeAsync(`${DYNSEC_TOPIC}/response`, { qos: 1 }).then(
      () => true,
      (err: unknown) => (log.error({ err }, '订阅 Mosquitto 动态安全插件应答失败'), false),
    );
  let subscribed: Promise<boolean> | null = client.connected ? subscribeResponses() : null;
  client.on('connect', () => {
    subscribed = subscribeResponses();
  });
  const nextConnect = (deadline: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => (client.off('connect', onConnect), reject(new Error('外部 MQTT 服务未连接'))), Math.max(0, deadline - Date.now()));
      const onConnect = () => (clearTimeout(timer), resolve());
      client.once('connect', onConnect);
    });
  /** Connected and subscribed to the replies, or an error after timeoutMs (a box's write must not hang on the broker). */
  async function connected() {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (client.connected && subscribed && (await subscribed) && client.connected) return;
      await nextConnect(deadline);
    }
  }

  /** Sends commands in one message; resolves with the broker's replies, in order. */
  async function request(commands: Command[]): Promise<Reply[]> {
    await connected();
    const id = randomUUID();
    const replies = new Promise<Reply[]>((resolve, reject) => {
      const timer = setTimeout(() => (waiting.delete(id), reject(new Error('Mosquitto 动态安全插件无应答'))), timeoutMs);
      waiting.set(id, (r) => (clearTimeout(timer), waiting.delete(id), resolve(r)));
    });
    await client.publishAsync(DYNSEC_TOPIC, JSON.stringify({ commands: commands.map((c) => ({ ...c, correlationData: id })) }), { qos: 1 });
    return replies;
  }
  /** Each command's error ('' when it went through). */
  const run = async (commands: Command[]) => {
    const got = await request(commands);
    return commands.map((_c, i) => got[i]?.error ?? '');
  };
  const exists = (error: string) => /already exists/i.test(error);
  const failed = (errors: string[], allowed: (e: string) => boolean) => errors.filter((e) => e && !allowed(e));

  /** Whether a dynsec client already has the role (getClient's answer). */
  async function hasRole(username: string, rolename: string): Promise<boolean> {
    const [reply] = (await request([{ command: 'getClient', username }])) as { data?: { client?: { roles?: { rolename: string }[] } } }[];
    return !!reply?.data?.client?.roles?.some((r) => r.rolename === rolename);
  }

  /** The server's role (publish to every control topic, subscribe to what boxes publish), given to its login. */
  async function setupRole() {
    const bad = failed(
      await run([
        {
          command: 'createRole',
          rolename: SERVER_ROLE,
          acls: [
            { acltype: 'publishClientSend', topic: 'control/+/v1', allow: true },
            { acltype: 'subscribePattern', topic: '+/+/v1', allow: true },
            { acltype: 'publishClientReceive', topic: '+/+/v1', allow: true },
          ],
        },
      ]),
      exists,
    );
    if (bad.length) throw new Error(`Mosquitto 动态安全插件: ${bad.join('; ')}`);
    const username = options.serverUsername;
    if (username && !(await hasRole(username, SERVER_ROLE))) {
      // giving our own login a role makes dynsec close our connection (no answer comes): wait for the link to be back
      const kicked = new Promise<void>((resolve) => client.once('close', () => resolve()));
      await client.publishAsync(DYNSEC_TOPIC, JSON.stringify({ commands: [{ command: 'addClientRole', username, rolename: SERVER_ROLE }] }), { qos: 1 });
      await Promise.race([kicked, new Promise((r) => setTimeout(r, timeoutMs))]);
      await connected();
    }
    log.info({ role: SERVER_ROLE }, 'Mosquitto 动态安全: 服务端角色已就绪');
  }

  /** Settles once setup() has (box writes wait for it: none is sent while dynsec kicks the server's own login). */
  let setupDone: Promise<unknown> = Promise.resolve();
  const safely = async (what: string, ids: string[], fn: () => Promise<void>) => {
    try {
      await setupDone;
      await fn();
    } catch (err) {
      log.error({ err, gatewayIds: ids }, `同步 Mosquitto 账号失败 (${what})`);
    }
  };

  const accounts: BoxAccounts & { setup(): Promise<void> } = {
    setup() {
      const done = setupRole();
      setupDone = done.catch(() => undefined);
      return done;
    },
    upsert: (gatewayId, secret) =>
      safely('upsert', [gatewayId], async () => {
        const role = boxRole(gatewayId);
        const created = await run([
          { command: 'createRole', rolename: role, acls: boxAcls(gatewayId) },
          { command: 'createClient', username: gatewayId, clientid: gatewayId, password: secret, roles: [{ rolename: role }] },
        ]);
        let bad = failed(created, exists);
        if (!bad.length && exists(created[1])) {
          // a box that had an account: new password, enabled again, its role given back if it lost it (Mosquitto
          // 2.0 answers addClientRole of a role the client has with "Internal error", so it is asked first)
          const again: Command[] = [
            { command: 'setClientPassword', username: gatewayId, password: secret },
            { command: 'enableClient', username: gatewayId },
          ];
          if (!(await hasRole(gatewayId, role))) again.push({ command: 'addClientRole', username: gatewayId, rolename: role });
          bad = failed(await run(again), exists);
        }
        if (bad.length) throw new Error(bad.join('; '));
      }),
    setEnabled: async (gatewayIds, enabled) => {
      if (!gatewayIds.length) return;
      await safely(enabled ? 'enable' : 'disable', gatewayIds, async () => {
        const bad = failed(await run(gatewayIds.map((username) => ({ command: enabled ? 'enableClient' : 'disableClient', username }))), (e) => /not found/i.test(e));
        if (bad.length) throw new Error(bad.join('; '));
      });
    },
    remove: async (gatewayIds) => {
      if (!gatewayIds.length) return;
      await safely('remove', gatewayIds, async () => {
        const bad = failed(
          await run(gatewayIds.flatMap((id) => [{ command: 'deleteClient', username: id }, { command: 'deleteRole', rolename: boxRole(id) }])),
          (e) => /not found/i.test(e),
        );
        if (bad.length) throw new Error(bad.join('; '));
      });
    },
  };
  return accounts;
}

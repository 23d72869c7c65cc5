import type { FastifyBaseLogger } from 'fastify';
import client, { type Registry } from 'prom-client';
import { boxStateSchema, wgKeyError } from '@gw/contracts';
import type { CoreDeps } from '../../app-deps.js';
import type { BoxLink, BoxMessage } from '../link.js';
import { parsePayload } from '../payload.js';
import { KeyedQueue } from '../presence/keyed-queue.js';
import type { BoxTunnels } from '../tunnel/types.js';
import { noteWgKey } from '../tunnel/key.js';
import { noteIdentity } from './store.js';

/** Remembers up to this many boxes already logged for one thing, then starts afresh (a bounded memory). */
const SEEN_MAX = 10_000;

/** A state is two flags and a few short strings; anything much longer is a broken or hostile box. */
const MAX_PAYLOAD_BYTES = 4096;

type IdentityLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

function identityMetrics(registry: Registry | undefined) {
  const registers = registry ? [registry] : [];
  return {
    clones: new client.Counter({
      name: 'mqtt_clone_refusals_total',
      help: 'Box connections closed as suspected clones: a provisioned identity reporting another fingerprint than on its first connection',
      registers,
    }),
    malformed: new client.Counter({
      name: 'identity_state_malformed_total',
      help: 'Retained state messages not read for version and fingerprint, by reason (too_large, not_json, bad_shape)',
      labelNames: ['reason'],
      registers,
    }),
  };
}

/**
 * What a box says of itself in its retained `state` (online): its firmware version, kept on the box, and its
 * fingerprint, set on a box that has none. A box of a provisioning batch fixes its fingerprint on its first
 * connection (刷机助手 shows it); a later connection of that identity reporting another one is a suspected clone:
 * counted on its identity, logged, its connection closed (embedded broker; an external broker's connection
 * cannot be), and nothing it said is kept. One box's states are handled one after another on this node; a
 * malformed one is counted and logged once per box.
 *
 * Its WireGuard public key (`wg_public_key`) is bound to it the first time (noteWgKey); a malformed key is
 * ignored (logged once per box) and the rest of the state still counts; a key other than the bound one is
 * refused, logged once per key. Then the box's tunnel is looked at (`tunnels`).
 */
export function followBoxIdentity(link: BoxLink, deps: CoreDeps, log: IdentityLog, registry?: Registry, tunnels?: BoxTunnels): { stop(): Promise<void> } {
  const metrics = identityMetrics(registry);
  const queue = new KeyedQueue((err, gatewayId) => log.error({ err, gateway_id: gatewayId }, '记录网关版本和指纹失败'));
  const malformedSeen = new Set<string>();
  const badKeySeen = new Set<string>();
  const once = (seen: Set<string>, gw: string) => {
    if (seen.has(gw)) return false;
    if (seen.size > SEEN_MAX) seen.clear();
    seen.add(gw);
    return true;
  };

  /** Binds or refuses the reported key; a malformed one is only logged. */
  async function noteKey(gw: string, key: unknown): Promise<void> {
    if (key === undefined) return;
    const error = wgKeyError(key, 'WireGuard 公钥');
    if (error) {
      if (once(badKeySeen, gw)) log.warn({ gateway_id: gw }, `网关 ${gw} 上报的 ${error}, 已忽略 (该网关后续不再记录)`);
      return;
    }
    const note = await noteWgKey(deps.db, gw, key as string);
    if (note.kind === 'refused' && note.first) {
      log.warn({ gateway_id: gw, wg_public_key: key, bound: note.bound }, `网关 ${gw} 上报了与已绑定公钥不同的 WireGuard 公钥, 不为其建立隧道; 确认换机后在网关设备中重置密钥`);
    }
  }

  link.onMessage('state', (message: BoxMessage) => {
    const gw = message.gatewayId;
    const parsed = parsePayload(message.payload, MAX_PAYLOAD_BYTES, boxStateSchema);
    if ('malformed' in parsed) {
      metrics.malformed.inc({ reason: parsed.malformed });
      if (once(malformedSeen, gw)) {
        log.warn({ gateway_id: gw, reason: parsed.malformed }, '网关状态消息格式错误, 未读取版本和指纹 (该网关后续不再记录)');
      }
      return Promise.resolve();
    }
    const state = parsed.value;
    if (!state.online) return Promise.resolve();
    const reported = { version: state.version?.trim() ?? '', fingerprint: state.fingerprint?.trim() ?? '' };
    const at = deps.clock.now();
    return queue.run(gw, async () => {
      const clone = await noteIdentity(deps.db, gw, reported, at);
      if (!clone) {
        await noteKey(gw, state.wg_public_key);
        // not awaited: the announce is acknowledged now, the box answers the command on its own time
        void tunnels?.announced(gw);
        return;
      }
      metrics.clones.inc();
      const closed = link.disconnect(gw);
      log.warn(
        { gateway_id: gw, fingerprint: reported.fingerprint, expected: clone.expected, attempts: clone.attempts, disconnected: closed },
        `疑似克隆设备: ${gw} 上报的指纹与首次上线时不同${closed ? ', 已断开连接' : ' (外部 MQTT 服务上的连接无法由服务端断开)'}`,
      );
    });
  });

  return { stop: () => queue.close() };
}

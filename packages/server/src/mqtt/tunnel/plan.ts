import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { BOX_VPN_KEEPALIVE, type BoxVpnConfig, CONFIG_KEY, DEFAULT_DEBUG_POOL, type TunnelState } from '@gw/contracts';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { configValue } from '../../db/config-values.js';
import { queryRows } from '../../db/rows.js';
import { licenseInForce } from '../commands/license.js';

/** What a box's tunnel should be, and what the box last acknowledged. */
export interface TunnelPlan {
  device_id: number;
  gateway_id: string;
  online: boolean;
  state: TunnelState;
  /** The config it should hold (POST /api/vpn), or null when it may not tunnel or its addresses are not given yet. */
  config: BoxVpnConfig | null;
  /** The config's hash, compared with `acked`; '' without a config. */
  hash: string;
  acked: string;
  /** The WireGuard key bound to the box ('' while none is), the hub's peer for it. */
  public_key: string;
  /** Its machine tool /24 (`10.100.3.0/24`), null until it is given one. */
  machine_net: string | null;
  /** Its peer's last handshake at the hub, when recent (the state is then 已连接); null otherwise. */
  handshake: Date | null;
}

/** A box's peer's recent handshake at the hub, by its public key (HubPeers.freshHandshake). */
export type HandshakeOf = (publicKey: string) => Date | null;

interface BoxRow {
  device_id: number;
  gateway_id: string;
  online: boolean;
  state: string;
  vpn_ip: string | null;
  machine_net: string | null;
  wg_public_key: string;
  wg_refused_key: string;
  vpn_acked: string;
  vpn: boolean;
  nat: { ip: string; lan_ip: string }[];
}

/** The first host of a /24 (`10.100.3.0/24` → `10.100.3.1/24`): the box's own address on its machines' LAN. */
export function firstHostOf(net: string): string {
  const [base] = net.split('/');
  const octets = base.split('.');
  octets[3] = '1';
  return `${octets.join('.')}/24`;
}

/** A hash of exactly what the box is sent: a change of any field, or of the order of `nat`, is a new config. */
export const configHash = (config: BoxVpnConfig) => createHash('sha256').update(JSON.stringify(config)).digest('hex');

/**
 * Why a box may not tunnel, in the order the console says it, or null when it may: its licence in force without
 * vpn (or none, or the box scrapped), no key bound, a different key refused, no hub settings.
 */
function blocker(box: BoxRow, hub: Config['vpnHub']): TunnelState | null {
  if (!box.vpn || box.state === 'scrapped') return 'unlicensed';
  if (!box.wg_public_key) return 'no_key';
  if (box.wg_refused_key) return 'key_mismatch';
  if (!hub) return 'hub_unset';
  return null;
}

function planOf(box: BoxRow, hub: Config['vpnHub'], debugPool: string, handshakeOf: HandshakeOf): TunnelPlan {
  const base = {
    device_id: box.device_id,
    gateway_id: box.gateway_id,
    online: box.online,
    acked: box.vpn_acked,
    public_key: box.wg_public_key,
    machine_net: box.machine_net,
    handshake: null,
  };
  const blocked = blocker(box, hub);
  if (blocked) return { ...base, state: blocked, config: null, hash: '' };
  // a box is given its /24 with its first machine tool or its vpn licence; until then there is no LAN to route
  if (!box.vpn_ip || !box.machine_net) return { ...base, state: 'pending', config: null, hash: '' };
  const config: BoxVpnConfig = {
    address: `${box.vpn_ip}/32`,
    hub: { public_key: hub!.publicKey, endpoint: hub!.endpoint },
    allowed_ips: [debugPool],
    keepalive: BOX_VPN_KEEPALIVE,
    lan: firstHostOf(box.machine_net),
    nat: box.nat,
  };
  const hash = configHash(config);
  if (hash !== box.vpn_acked) return { ...base, state: 'pending', config, hash };
  // the box holds its config; the hub's report says whether its tunnel is up
  const handshake = handshakeOf(box.wg_public_key);
  return { ...base, state: handshake ? 'connected' : 'applied', config, hash, handshake };
}

/**
 * The tunnel plans of the boxes `where` (on `device`) selects, in one query: each box's addresses, bound and
 * refused keys, the vpn flag of its licence in force (the newest issued when several are) and the NAT of its
 * machine tools that keep a LAN address of their own. `handshakeOf` tells an acknowledged tunnel that is up
 * (已连接); without it none is.
 */
export async function tunnelPlans(db: Db | Tx, hub: Config['vpnHub'], where: SQL, handshakeOf: HandshakeOf = () => null): Promise<TunnelPlan[]> {
  const rows = await queryRows<BoxRow>(
    db,
    sql`select device.id as device_id, device.gateway_id, device.online, device.state, host(device.vpn_ip) as vpn_ip,
          device.machine_net::text as machine_net, device.wg_public_key, device.wg_refused_key, device.vpn_acked,
          coalesce((select license.vpn from license where license.device_id = device.id and ${licenseInForce}
                    order by license.iat desc, license.id desc limit 1), false) as vpn,
          coalesce((select json_agg(json_build_object('ip', host(m.ip), 'lan_ip', host(m.lan_ip)) order by m.ip)
                    from machine_tool m where m.device_id = device.id and m.lan_ip is not null), '[]'::json) as nat
        from device where ${where}`,
  );
  if (!rows.length) return [];
  const debugPool = await configValue(db, CONFIG_KEY.debugPool, DEFAULT_DEBUG_POOL);
  return rows.map((row) => planOf({ ...row, device_id: Number(row.device_id) }, hub, debugPool, handshakeOf));
}

/**
 * What a box must be sent to match its plan: its config when it holds another (or none), DELETE when it may no
 * longer tunnel but holds one. Without hub settings nothing is sent at all.
 */
export function nextStep(plan: TunnelPlan): 'post' | 'delete' | null {
  if (plan.config) return plan.hash === plan.acked ? null : 'post';
  if (plan.state === 'hub_unset' || plan.state === 'pending') return null;
  return plan.acked ? 'delete' : null;
}

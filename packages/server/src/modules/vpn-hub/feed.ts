import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  BOX_REMOTE_PORTS,
  CONFIG_KEY,
  type HubBox,
  type HubClient,
  type HubFeed,
  type HubFlow,
  blockContains,
  formatIpv4,
  parseBlock,
  parseCidr,
  parseHubState,
} from '@gw/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { configValue } from '../../db/config-values.js';
import { queryRows } from '../../db/rows.js';
import { tunnelPlans } from '../../mqtt/tunnel/plan.js';
import { endReasonSql } from '../../remote-access/end-reason.js';

/** The pool boxes' VPN addresses come from when the config item is missing (as the device module allocates). */
const DEFAULT_VPN_POOL = '10.8.0.0/16';

/** Any well-formed key: the hub's own private key is not the platform's, but the checks of a state need one. */
const PLACEHOLDER_KEY = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** The hub's own tunnel address: the first host of vpn_pool with its prefix (`10.8.0.0/16` → `10.8.0.1/16`), kept for it by the allocation. */
export function hubAddressOf(pool: string): string | null {
  const net = parseCidr(pool);
  return net && net.bits <= 30 ? `${formatIpv4(net.base + 1)}/${net.bits}` : null;
}

/** The version of a state: a digest of everything the hub applies, so it changes exactly when that does. */
const versionOf = (body: Omit<HubFeed, 'version'>) => createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22);

/** A row the hub's checks refused, by the list it is in and its index there (`boxes[2].vpn_ip: …`). */
const ROW = /^(boxes|clients|flows)\[(\d+)\]/;

type Rows = Pick<HubFeed, 'boxes' | 'clients' | 'flows'>;

/**
 * The rows the hub would refuse, left out: the whole state is refused for one bad row, so a row that breaks a
 * rule (an address overlapping another's after a pool was changed, a peer with the hub's own key or another's) is
 * left out, and the others go on. A row left out may leave another without what it needs (a flow to a box left
 * out), which the next round leaves out too.
 */
function withoutRefused(address: string, rows: Rows, hubPublicKey: string | undefined, warn: (line: string) => void): Rows {
  const notHubs = <R extends { id: string; public_key: string }>(list: R[], what: string) =>
    list.filter((row) => {
      if (row.public_key !== hubPublicKey) return true;
      warn(`${what} ${row.id} 的公钥与 VPN 服务器自己的相同, 不为其建立隧道`);
      return false;
    });
  let kept: Rows = { boxes: notHubs(rows.boxes, '网关'), clients: notHubs(rows.clients, '调试代理'), flows: rows.flows };
  // a row left out can only end a clash, never start one: a few rounds settle any set of rows
  for (let round = 0; round < 8; round++) {
    const parsed = parseHubState({ interface: { name: 'gw0', private_key: PLACEHOLDER_KEY, listen_port: 51820, address }, ...kept });
    if (parsed.ok) return kept;
    const bad = { boxes: new Set<number>(), clients: new Set<number>(), flows: new Set<number>() };
    for (const error of parsed.errors) {
      const match = ROW.exec(error);
      if (!match) continue;
      const list = match[1] as keyof Rows;
      bad[list].add(Number(match[2]));
      warn(`${WHAT[list]} ${kept[list][Number(match[2])].id} 不能加入 VPN 服务器: ${error}`);
    }
    if (!bad.boxes.size && !bad.clients.size && !bad.flows.size) break;
    kept = {
      boxes: kept.boxes.filter((_, index) => !bad.boxes.has(index)),
      clients: kept.clients.filter((_, index) => !bad.clients.has(index)),
      flows: kept.flows.filter((_, index) => !bad.flows.has(index)),
    };
  }
  // what no round settled (an error on no row): nothing rather than a state the hub refuses whole
  warn('VPN 服务器的状态无法校验通过, 暂不下发任何对端');
  return { boxes: [], clients: [], flows: [] };
}

const WHAT: Record<keyof Rows, string> = { boxes: '网关', clients: '调试代理', flows: '远程会话' };

interface FlowRow {
  id: number;
  client: string;
  gateway_id: string;
  machine_net: string;
  vpn_ip: string;
  machine_ids: number[];
  machine_ips: string[] | null;
}

/**
 * Each active session whose conditions hold now (endReasonSql, read here whatever a sweep has done yet): its
 * client's address and where it may go — the box's machine /24, or each chosen machine tool's address that is
 * still the box's, and the box's own services on its VPN address. A flow whose box is no peer of the hub (no key,
 * no licence) is left out: nothing could reach it.
 */
async function sessionFlows(db: Db, now: Date, boxes: HubBox[]): Promise<HubFlow[]> {
  const rows = await queryRows<FlowRow>(
    db,
    sql`select remote_session.id, host(debug_client.address) as client, device.gateway_id, device.machine_net::text as machine_net,
          host(device.vpn_ip) as vpn_ip, remote_session.machine_ids,
          (select array_agg(host(m.ip) order by m.ip) from machine_tool m
            where m.id = any(remote_session.machine_ids) and m.device_id = remote_session.device_id) as machine_ips
        from remote_session
        join debug_client on debug_client.id = remote_session.client_id
        join device on device.id = remote_session.device_id
        where remote_session.status = 'active' and (${endReasonSql(now)}) is null
        order by remote_session.id`,
  );
  const peers = new Map(boxes.map((box) => [box.id, box]));
  return rows.flatMap((row): HubFlow[] => {
    const box = peers.get(row.gateway_id);
    if (!box || box.machine_net !== row.machine_net || box.vpn_ip !== `${row.vpn_ip}/32`) return [];
    const net = parseBlock(row.machine_net)!;
    const machines = row.machine_ids.length
      ? (row.machine_ips ?? []).filter((ip) => {
          const block = parseBlock(ip);
          return block !== null && blockContains(net, block);
        })
      : [row.machine_net];
    const to = [...machines.map((address) => ({ address })), { address: row.vpn_ip, ports: [...BOX_REMOTE_PORTS] }];
    return [{ id: `s${row.id}`, client: row.client, to }];
  });
}

/**
 * The hub's desired state from the database: its address; a peer for every box that may tunnel — the same plans
 * the boxes are sent their tunnels by (licence in force with vpn, not scrapped, key bound and not refused, the hub
 * set up, addresses given), ordered by box; a peer for every engineer's client (调试代理); and a flow for every
 * session in force at `now`. Rows the hub would refuse are left out (withoutRefused), never the whole state.
 */
export async function hubFeed(db: Db, hub: Config['vpnHub'], warn: (line: string) => void, now: Date): Promise<HubFeed> {
  const pool = await configValue(db, CONFIG_KEY.vpnPool, DEFAULT_VPN_POOL);
  const address = hubAddressOf(pool);
  if (!address) throw new Error(`配置项 vpn_pool 的值 ${pool} 不是可用的 IPv4 网段`);
  const plans = await tunnelPlans(db, hub, sql`device.wg_public_key <> ''`);
  const boxes = plans
    .filter((plan) => plan.config && plan.machine_net)
    .sort((a, b) => a.device_id - b.device_id)
    .map((plan): HubBox => ({ id: plan.gateway_id, public_key: plan.public_key, vpn_ip: plan.config!.address, machine_net: plan.machine_net! }));
  const clients = (
    await queryRows<{ id: number; public_key: string; address: string }>(db, sql`select id, public_key, host(address) as address from debug_client order by id`)
  ).map((row): HubClient => ({ id: `c${row.id}`, public_key: row.public_key, address: `${row.address}/32` }));
  const flows = await sessionFlows(db, now, boxes);
  const body = { address, ...withoutRefused(address, { boxes, clients, flows }, hub?.publicKey, warn) };
  return { version: versionOf(body), ...body };
}

import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CONFIG_KEY, type HubBox, type HubFeed, formatIpv4, parseCidr, parseHubState } from '@gw/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { configValue } from '../../db/config-values.js';
import { tunnelPlans } from '../../mqtt/tunnel/plan.js';

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

/**
 * The boxes the hub would refuse: the whole state is refused for one bad row, so a row that breaks a rule (an
 * address overlapping another's after vpn_pool was changed, the hub's own key) is left out, and the others go on.
 */
function withoutRefused(address: string, boxes: HubBox[], hubPublicKey: string | undefined, warn: (line: string) => void): HubBox[] {
  let kept = boxes.filter((box) => {
    if (box.public_key !== hubPublicKey) return true;
    warn(`网关 ${box.id} 的公钥与 VPN 服务器自己的相同, 不为其建立隧道`);
    return false;
  });
  // a row left out can only end a clash, never start one: a few rounds settle any set of rows
  for (let round = 0; round < 5; round++) {
    const parsed = parseHubState({ interface: { name: 'gw0', private_key: PLACEHOLDER_KEY, listen_port: 51820, address }, boxes: kept, clients: [], flows: [] });
    if (parsed.ok) return kept;
    const bad = new Set<number>();
    for (const error of parsed.errors) {
      const index = /^boxes\[(\d+)\]/.exec(error)?.[1];
      if (index === undefined) continue;
      bad.add(Number(index));
      warn(`网关 ${kept[Number(index)].id} 不能加入 VPN 服务器: ${error}`);
    }
    if (!bad.size) return [];
    kept = kept.filter((_, index) => !bad.has(index));
  }
  return kept;
}

/**
 * The hub's desired state from the database: its address, and a peer for every box that may tunnel — the same
 * plans the boxes are sent their tunnels by (licence in force with vpn, not scrapped, key bound and not refused,
 * the hub set up, addresses given), ordered by box. Engineers' clients and their sessions' flows are empty until
 * they are built: they plug in here, beside the boxes.
 */
export async function hubFeed(db: Db, hub: Config['vpnHub'], warn: (line: string) => void): Promise<HubFeed> {
  const pool = await configValue(db, CONFIG_KEY.vpnPool, DEFAULT_VPN_POOL);
  const address = hubAddressOf(pool);
  if (!address) throw new Error(`配置项 vpn_pool 的值 ${pool} 不是可用的 IPv4 网段`);
  const plans = await tunnelPlans(db, hub, sql`device.wg_public_key <> ''`);
  const boxes = plans
    .filter((plan) => plan.config && plan.machine_net)
    .sort((a, b) => a.device_id - b.device_id)
    .map((plan): HubBox => ({ id: plan.gateway_id, public_key: plan.public_key, vpn_ip: plan.config!.address, machine_net: plan.machine_net! }));
  const body = { address, boxes: withoutRefused(address, boxes, hub?.publicKey, warn), clients: [], flows: [] };
  return { version: versionOf(body), ...body };
}

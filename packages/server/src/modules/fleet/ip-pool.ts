import { type SQL, sql } from 'drizzle-orm';
import { parseCidr } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { refused } from '../../http/errors.js';

export const POOL_MSG = {
  vpnExhausted: (pool: string) => `VPN 地址池 ${pool} 已用完,请在通用配置中扩大 vpn_pool`,
  machineNetsExhausted: (pool: string) => `机床地址池 ${pool} 的 /24 网段已用完,请在通用配置中扩大 machine_pool`,
  boxNetFull: '该设备的机床网段已满 (最多 253 台机床)',
  badPool: (key: string, pool: string) => `配置项 ${key} 的值 ${pool} 不是有效的 IPv4 网段`,
} as const;

export const ipv4 = (n: number): string => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
export const ipv4Number = (ip: string): number => ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);

/** What a machine tool at `ip` is set up with: the box (first host of the /24) is its gateway. */
export function machineNetwork(ip: string): { netmask: string; gateway: string; broadcast: string } {
  const net = Math.floor(ipv4Number(ip) / 256) * 256;
  return { netmask: '255.255.255.0', gateway: ipv4(net + 1), broadcast: ipv4(net + 255) };
}

/**
 * The lowest free number in [first, last] among the held ones `taken(candidate)`: one past the highest held
 * (no search while the pool fills up in order), else the first gap, found by the database on its unique index.
 * The caller holds the pool's advisory lock, so two transactions never pick the same number.
 */
async function firstFree(tx: Tx, first: number, last: number, step: number, held: { max: SQL; gap: SQL }): Promise<number | null> {
  const [{ max }] = await queryRows<{ max: string | null }>(tx, held.max);
  const next = max === null ? first : Number(max) + step;
  if (next <= last) return next;
  const [{ gap }] = await queryRows<{ gap: string | null }>(tx, held.gap);
  return gap === null ? null : Number(gap);
}

/** Takes the pool's lock until the transaction ends: allocations from one pool take turns across every node. */
const lockPool = (tx: Tx, name: string, key = 0) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}), ${key})`);

/**
 * A box's VPN address: the next free host of the pool, from its second host on (the first is the VPN server's).
 * Never one another box holds; a deleted box's address becomes free again.
 */
export async function allocateVpnIp(tx: Tx, pool: string): Promise<string> {
  const [ip] = await allocateVpnIps(tx, pool, 1);
  return ip;
}

/**
 * `count` VPN addresses for boxes created together (a provisioning batch), in one go: the hosts after the
 * highest held (no search while the pool fills up in order), else the lowest free ones, from the gaps between
 * held addresses the database lists. All or none: a pool without room for every one refuses.
 */
export async function allocateVpnIps(tx: Tx, pool: string, count: number): Promise<string[]> {
  const net = parseCidr(pool);
  if (!net || net.bits > 30) throw refused(POOL_MSG.badPool('vpn_pool', pool));
  if (count <= 0) return [];
  await lockPool(tx, 'vpn_pool');
  const first = net.base + 2;
  const last = net.base + 2 ** (32 - net.bits) - 2;
  const inPool = sql`vpn_ip << ${pool}::cidr`;
  const [{ max }] = await queryRows<{ max: string | null }>(tx, sql`select (max(vpn_ip) - '0.0.0.0'::inet)::text as max from device where ${inPool}`);
  const next = max === null ? first : Number(max) + 1;
  if (next + count - 1 <= last) return Array.from({ length: count }, (_, i) => ipv4(next + i));
  // each held address (and the VPN server's, just before the first host) opens a gap up to the next held one
  const gaps = await queryRows<{ low: string; high: string }>(
    tx,
    sql`select low::text, high::text from (
        select greatest(n + 1, ${first}::bigint) as low, least(coalesce(lead(n) over (order by n), ${last + 1}::bigint) - 1, ${last}::bigint) as high
        from (select ${first - 1}::bigint as n union all select vpn_ip - '0.0.0.0'::inet from device where ${inPool}) held
      ) g
      where low <= high
      order by low`,
  );
  const free: string[] = [];
  for (const gap of gaps) {
    for (let n = Number(gap.low); n <= Number(gap.high) && free.length < count; n++) free.push(ipv4(n));
    if (free.length === count) return free;
  }
  throw refused(POOL_MSG.vpnExhausted(pool));
}

/** The /24 a box's machine tools are addressed in, taken from the machine pool the first time the box needs one. */
export async function allocateMachineNet(tx: Tx, pool: string): Promise<string> {
  const net = parseCidr(pool);
  if (!net || net.bits > 24) throw refused(POOL_MSG.badPool('machine_pool', pool));
  await lockPool(tx, 'machine_pool');
  const first = net.base;
  const last = net.base + 2 ** (32 - net.bits) - 256;
  const inPool = sql`machine_net << ${pool}::cidr`;
  const found = await firstFree(tx, first, last, 256, {
    max: sql`select (max(machine_net) - '0.0.0.0'::inet)::text as max from device where ${inPool}`,
    gap: sql`select min(candidate)::text as gap from (
        select ${first}::bigint as candidate
        union all
        select (machine_net - '0.0.0.0'::inet) + 256 from device where ${inPool}
      ) c
      where candidate between ${first} and ${last}
        and not exists (select 1 from device d where d.machine_net = set_masklen('0.0.0.0'::inet + c.candidate, 24)::cidr)`,
  });
  if (found === null) throw refused(POOL_MSG.machineNetsExhausted(pool));
  return `${ipv4(found)}/24`;
}

/** A machine tool's address: the next free host of its box's /24, from .2 to .254 (.1 is the box). */
export async function allocateMachineIp(tx: Tx, deviceId: number, machineNet: string): Promise<string> {
  const net = parseCidr(machineNet);
  if (!net) throw new Error(`box ${deviceId} holds an invalid machine net ${machineNet}`);
  await lockPool(tx, 'machine_ip', deviceId);
  const first = net.base + 2;
  const last = net.base + 254;
  const found = await firstFree(tx, first, last, 1, {
    max: sql`select (max(ip) - '0.0.0.0'::inet)::text as max from machine_tool where device_id = ${deviceId}`,
    gap: sql`select min(candidate)::text as gap from (
        select ${first}::bigint as candidate
        union all
        select (ip - '0.0.0.0'::inet) + 1 from machine_tool where device_id = ${deviceId}
      ) c
      where candidate between ${first} and ${last}
        and not exists (select 1 from machine_tool m where m.ip = '0.0.0.0'::inet + c.candidate)`,
  });
  if (found === null) throw refused(POOL_MSG.boxNetFull);
  return ipv4(found);
}

import { sql } from 'drizzle-orm';
import { parseCidr } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { refused } from '../../http/errors.js';
import { ipv4 } from '../fleet/ip-pool.js';
import { MSG } from './messages.js';

/**
 * A client's address: the first free host of debug_pool from its second host on (the first stays unused, as the
 * hub's is in vpn_pool), never one another client holds; a deleted client's address becomes free again. The
 * pool's lock makes allocations take turns across every node; the unique index is the last word.
 */
export async function allocateClientAddress(tx: Tx, pool: string): Promise<string> {
  const net = parseCidr(pool);
  if (!net || net.bits > 30) throw refused(MSG.badPool(pool));
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('debug_pool'), 0)`);
  const first = net.base + 2;
  const last = net.base + 2 ** (32 - net.bits) - 2;
  const inPool = sql`address << ${pool}::cidr`;
  const [{ max }] = await queryRows<{ max: string | null }>(tx, sql`select (max(address) - '0.0.0.0'::inet)::text as max from debug_client where ${inPool}`);
  const next = max === null ? first : Number(max) + 1;
  if (next <= last) return ipv4(next);
  // the pool filled up in order: the lowest gap left by deleted clients
  const [gap] = await queryRows<{ low: string }>(
    tx,
    sql`select low::text from (
        select n + 1 as low, coalesce(lead(n) over (order by n), ${last + 1}::bigint) as next
        from (select ${first - 1}::bigint as n union all select address - '0.0.0.0'::inet from debug_client where ${inPool}) held
      ) g
      where low < next and low <= ${last}::bigint
      order by low limit 1`,
  );
  if (!gap) throw refused(MSG.exhausted(pool));
  return ipv4(Number(gap.low));
}

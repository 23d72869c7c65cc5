import { sql } from 'drizzle-orm';
import { ROLLOUT_ITEM_STATES, type RolloutCounts, type RolloutItemState } from '@gw/contracts';
import type { Db, Tx } from '../../../db/client.js';
import { intArray } from './target.js';

/** No box in any state. */
export const noCounts = (): RolloutCounts => Object.fromEntries(ROLLOUT_ITEM_STATES.map((s) => [s, 0])) as RolloutCounts;

/** How many boxes of each rollout are in each state: one grouped query for a page of rollouts. */
export async function rolloutCounts(db: Db | Tx, ids: readonly number[]): Promise<Map<number, RolloutCounts>> {
  const counts = new Map<number, RolloutCounts>(ids.map((id) => [id, noCounts()]));
  if (!ids.length) return counts;
  const { rows } = (await db.execute(sql`
    select rollout_id, state, count(*)::int as n from rollout_item
     where rollout_id = any(${intArray(ids)}::int[]) group by rollout_id, state`)) as { rows: { rollout_id: number; state: RolloutItemState; n: number }[] };
  for (const r of rows) {
    const c = counts.get(Number(r.rollout_id));
    if (c) c[r.state] = Number(r.n);
  }
  return counts;
}

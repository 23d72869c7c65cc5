import { asc, inArray } from 'drizzle-orm';
import { type RolloutItem, rolloutItemSchema } from '@gw/contracts';
import type { Db, Tx } from '../../../db/client.js';
import { rolloutItem } from '../../../db/schema.js';
import { defaultSerializer } from '../../../http/resource/serialize.js';
import type { Row } from '../../../http/resource/types.js';

const serialize = defaultSerializer(rolloutItemSchema);

/** The detail's boxes of each rollout, by batch then gateway id (skipped at creation: batch 0, first): one query for all. */
export async function withItems(rows: Row[], items: unknown[], db: Db | Tx): Promise<unknown[]> {
  const ids = rows.map((r) => r.id as number);
  const found = await db
    .select()
    .from(rolloutItem)
    .where(inArray(rolloutItem.rollout_id, ids))
    .orderBy(asc(rolloutItem.rollout_id), asc(rolloutItem.batch), asc(rolloutItem.gateway_id));
  const byRollout = new Map<number, RolloutItem[]>(ids.map((id) => [id, []]));
  for (const item of found) byRollout.get(item.rollout_id)?.push(serialize(item) as RolloutItem);
  return items.map((item, i) => ({ ...(item as Row), items: byRollout.get(ids[i]) ?? [] }));
}

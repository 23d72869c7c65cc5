import { count, inArray } from 'drizzle-orm';
import { adminUser, device } from '../../db/schema.js';
import type { ResourceContext } from '../../http/resource/types.js';

/** How many boxes and users each company of a page has: two queries for the whole page. */
export async function withCounts<R extends { id: number }>(rows: R[], { db }: ResourceContext): Promise<(R & { device_count: number; user_count: number })[]> {
  const ids = rows.map((r) => r.id);
  const [boxes, users] = await Promise.all([
    db.select({ id: device.customer_id, n: count() }).from(device).where(inArray(device.customer_id, ids)).groupBy(device.customer_id),
    db.select({ id: adminUser.customer_id, n: count() }).from(adminUser).where(inArray(adminUser.customer_id, ids)).groupBy(adminUser.customer_id),
  ]);
  const boxCount = new Map(boxes.map((b) => [b.id, b.n]));
  const userCount = new Map(users.map((u) => [u.id, u.n]));
  return rows.map((r) => ({ ...r, device_count: boxCount.get(r.id) ?? 0, user_count: userCount.get(r.id) ?? 0 }));
}

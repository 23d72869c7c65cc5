import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type GisBoxes, type GisPoint, type GisQuery, type GisState, addressLngLat } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { device, machineLatest } from '../../db/schema.js';
import { customerScope, customerSubtree } from '../../http/scope.js';
import { mapRegion } from './regions.js';

/** Six decimals: about 10 cm, and a shorter answer. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The boxes of the GIS map in the caller's scope that match the filters, in one query: each placed at its
 * address's coordinates, else at its region's centre; a box with neither is counted in `unplaced`.
 */
export async function gisBoxes(db: Db, req: FastifyRequest, query: GisQuery): Promise<GisBoxes> {
  // whether any machine tool of a box alarms or runs: one pass over machine_latest, hash-joined to the boxes
  // (an EXISTS per box was estimated dear enough for PostgreSQL to JIT-compile the query: several times slower)
  const machines = db
    .select({
      device_id: machineLatest.device_id,
      alarm: sql<boolean>`bool_or(${machineLatest.state} = 'alarm')`.as('alarm'),
      running: sql<boolean>`bool_or(${machineLatest.state} = 'running')`.as('running'),
    })
    .from(machineLatest)
    .groupBy(machineLatest.device_id)
    .as('machines');
  const state = sql<GisState>`(case when not ${device.online} then 'offline' when ${machines.alarm} then 'alarm' when ${machines.running} then 'running' else 'idle' end)`;
  const conds: (SQL | undefined)[] = [customerScope(req.user, device.customer_id)];
  if (query.customer_id) conds.push(sql`${device.customer_id} in (${customerSubtree(query.customer_id)})`);
  if (query.goods_id) conds.push(eq(device.goods_id, query.goods_id));
  if (query.state) conds.push(sql`${state} = ${query.state}`);
  const rows = await db
    .select({ id: device.id, address: device.address, area_id: device.area_id, state })
    .from(device)
    .leftJoin(machines, eq(machines.device_id, device.id))
    .where(and(...conds))
    .orderBy(device.id);
  const points: GisPoint[] = [];
  for (const row of rows) {
    const at = addressLngLat(row.address) ?? mapRegion(row.area_id)?.centre;
    if (at) points.push([row.id, round(at[0]), round(at[1]), row.state]);
  }
  return { points, total: rows.length, unplaced: rows.length - points.length };
}

import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { HTTP, errorBodySchema, licensedCount } from '@gw/contracts';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { device, license, machineTool } from '../../db/schema.js';
import { licenceCountExceeded, unlicensed } from '../../http/errors.js';
import { licenseInForce } from '../../mqtt/commands/license.js';

/** The counts of the box's licence in force, the newest issued when several are, or null without one. */
async function countsInForce(tx: Tx, deviceId: number) {
  const [current] = await tx
    .select({ count: license.count })
    .from(license)
    .where(and(eq(license.device_id, deviceId), licenseInForce))
    .orderBy(desc(license.iat), desc(license.id))
    .limit(1);
  return current?.count ?? null;
}

/**
 * Refuses enabling one machine tool of `category` on a box as the box itself would: without a licence in force
 * 403; past the licensed count 409 with that count. With `all` above 0 the box's enabled machine tools of any
 * brand count against it, else those of the brand against the brand's own count (0 when not listed).
 * `excludeMachineId` is the machine tool being updated, so it is not counted twice. The box row is locked first,
 * so two enables racing for the last slot are counted one after the other and one of them loses.
 */
export async function checkLicensedEnable(tx: Tx, deviceId: number, category: string, excludeMachineId?: number): Promise<void> {
  await tx.select({ id: device.id }).from(device).where(eq(device.id, deviceId)).for('update');
  const counts = await countsInForce(tx, deviceId);
  if (!counts) throw unlicensed();
  const { allowed, shared } = licensedCount(counts, category);
  const [{ enabled }] = await tx
    .select({ enabled: sql<number>`count(*)::int` })
    .from(machineTool)
    .where(
      and(
        eq(machineTool.device_id, deviceId),
        eq(machineTool.enabled, true),
        shared ? undefined : eq(machineTool.category, category),
        excludeMachineId === undefined ? undefined : ne(machineTool.id, excludeMachineId),
      ),
    );
  if (enabled + 1 > allowed) throw licenceCountExceeded(allowed);
}

/** The licence answers of a write that enables machine tools, for OpenAPI (the error handler sends them). */
export const licensedEnableResponses = {
  [HTTP.unlicensed]: errorBodySchema.omit({ count: true, request_id: true }).describe('未授权或授权已过期'),
  [HTTP.licenceCount]: errorBodySchema
    .omit({ request_id: true })
    .extend({ count: z.number().int().describe('授权数量') })
    .describe('当前型号启用数量超出授权数量 (count: 授权数量)'),
};

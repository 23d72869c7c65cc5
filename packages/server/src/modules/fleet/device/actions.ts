import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DeviceState } from '@gw/contracts';
import type { Tx } from '../../../db/client.js';
import { customer, device, deviceTagLink } from '../../../db/schema.js';
import { refused } from '../../../http/errors.js';
import type { Row } from '../../../http/resource/types.js';
import { customerScope } from '../../../http/scope.js';
import { recordMovements } from '../ledger.js';
import { MSG } from '../messages.js';
import { hashDeviceSecret, newDeviceSecret } from '../secret.js';
import { checkTags } from './rules.js';

/**
 * 分配客户: the boxes change owner, each with a 调拨 row in the ledger. Ownership is the vendor's to give, so
 * only its staff may do it; a box already with that customer is left as it is.
 */
export async function assignDevices(req: FastifyRequest, tx: Tx, rows: Row[], customerId: number): Promise<number> {
  if (req.user.scope !== 'all') throw refused(MSG.vendorOnlyAssign);
  const [target] = await tx.select({ id: customer.id }).from(customer).where(and(eq(customer.id, customerId), customerScope(req.user, customer.id)));
  if (!target) throw refused(MSG.customerMissing);
  const moving = rows.filter((r) => r.customer_id !== customerId);
  if (!moving.length) return 0;
  await tx.update(device).set({ customer_id: customerId }).where(inArray(device.id, moving.map((r) => r.id as number)));
  await recordMovements(
    tx,
    req.user,
    moving.map((r) => ({
      device: { id: r.id as number, gateway_id: r.gateway_id as string },
      type: 'transfer' as const,
      from: r.customer_id as number,
      to: customerId,
      state: r.state as DeviceState,
      remark: MSG.assignRemark,
    })),
  );
  return moving.length;
}

/** 打标签 / 移除标签 on a selection of boxes, with tags the caller may use. */
export async function tagDevices(req: FastifyRequest, tx: Tx, rows: Row[], body: { tag_ids: number[]; mode: 'add' | 'remove' }): Promise<void> {
  await checkTags(req, tx, body.tag_ids);
  const deviceIds = rows.map((r) => r.id as number);
  const tagIds = [...new Set(body.tag_ids)];
  if (body.mode === 'remove') {
    await tx.delete(deviceTagLink).where(and(inArray(deviceTagLink.device_id, deviceIds), inArray(deviceTagLink.tag_id, tagIds)));
    return;
  }
  await tx
    .insert(deviceTagLink)
    .values(deviceIds.flatMap((device_id) => tagIds.map((tag_id) => ({ device_id, tag_id }))))
    .onConflictDoNothing();
}

/** 重置密钥: a new secret replaces the old at once; the answer is the only place it is ever shown. */
export async function resetSecret(tx: Tx, row: Row, key: string): Promise<string> {
  const secret = newDeviceSecret();
  await tx.update(device).set({ secret_hash: hashDeviceSecret(key, secret) }).where(eq(device.id, row.id as number));
  return secret;
}

import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONFIG_KEY, DEVICE_CUSTOMER_FIELDS, FLOW_INTO_STATE, type WriteValues, deviceResource, labelOf } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { configValue } from '../../db/config-values.js';
import { customer, device, deviceTag, deviceTagLink, flashBatch, flashItem, goods, machineTool } from '../../db/schema.js';
import { badRequest, refused } from '../../http/errors.js';
import type { Row, Stored } from '../../http/resource/types.js';
import { customerScope } from '../../http/scope.js';
import { allocateVpnIps } from '../fleet/ip-pool.js';
import { recordMovements } from '../fleet/ledger.js';
import { MSG } from '../fleet/messages.js';
import { hashDeviceSecret, newDeviceSecret } from '../../mqtt/identity/secret.js';

const CUSTOMER_FIELDS = new Set<string>(DEVICE_CUSTOMER_FIELDS);

/** A stored box, as the write hooks and actions get it. */
export type DeviceRow = Stored<typeof device>;

/** The vendor's own company: the owner of every box in stock. */
export async function vendorId(tx: Tx): Promise<number> {
  const [row] = await tx.select({ id: customer.id }).from(customer).where(eq(customer.is_vendor, true)).limit(1);
  return row.id;
}

/**
 * Who may write what of a box. Only the vendor's staff create boxes and change what identifies, owns or types
 * them; a customer's user may rename, locate, remark and tag its own boxes, and a request that writes any other
 * field is a 400 naming it, with nothing changed.
 */
export async function checkDeviceWrite(req: FastifyRequest, values: WriteValues<typeof deviceResource>, current: DeviceRow | null, tx: Tx): Promise<void> {
  if (req.user.scope !== 'all') {
    if (!current) throw refused(MSG.vendorOnlyCreate);
    const field = Object.entries(values).find(([key, value]) => value !== undefined && !CUSTOMER_FIELDS.has(key))?.[0];
    if (field) throw badRequest(MSG.vendorOnlyField(field, labelOf(deviceResource, field)));
  }
  if (values.gateway_id !== undefined && values.gateway_id !== current?.gateway_id) {
    const [taken] = await tx.select({ id: device.id }).from(device).where(eq(device.gateway_id, values.gateway_id));
    if (taken) throw refused(MSG.gatewayIdTaken(values.gateway_id));
    // an identity of a provisioning batch not yet in stock is spoken for: its box comes with the batch
    const [reserved] = await tx
      .select({ batch: flashItem.batch_id })
      .from(flashItem)
      .innerJoin(flashBatch, eq(flashBatch.id, flashItem.batch_id))
      .where(and(eq(flashItem.gateway_id, values.gateway_id), ne(flashBatch.state, 'confirmed')));
    if (reserved) throw refused(MSG.gatewayIdReserved(values.gateway_id, reserved.batch));
  }
  if (typeof values.goods_id === 'number') {
    const [found] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.id, values.goods_id));
    if (!found) throw refused(MSG.goodsMissing);
  }
  if (Array.isArray(values.tag_ids)) await checkTags(req, tx, values.tag_ids);
}

/** Tags a caller may put on boxes: those of companies in its scope. */
export async function checkTags(req: FastifyRequest, tx: Tx, tagIds: number[]): Promise<void> {
  const ids = [...new Set(tagIds)];
  if (!ids.length) return;
  const found = await tx
    .select({ id: deviceTag.id })
    .from(deviceTag)
    .where(and(inArray(deviceTag.id, ids), customerScope(req.user, deviceTag.customer_id)));
  if (found.length !== ids.length) throw refused(MSG.tagsMissing);
}

/** A new box: in stock with the vendor, a VPN address from the pool and a fresh secret (kept for the answer). */
export async function newDeviceColumns(values: Row, tx: Tx, key: string): Promise<{ columns: Row; secret: string }> {
  const { tag_ids: _tags, ...fields } = values;
  const secret = newDeviceSecret();
  const [columns] = await stockDeviceColumns([{ ...fields, secret_hash: hashDeviceSecret(key, secret) }], tx);
  return { secret, columns };
}

/**
 * New boxes, each with the secret hash it was given (a new box's, or a provisioning batch's handed out
 * before): in stock with the vendor, with VPN addresses from the pool taken in one go.
 */
export async function stockDeviceColumns(boxes: Row[], tx: Tx): Promise<Row[]> {
  const pool = await configValue(tx, CONFIG_KEY.vpnPool, '10.8.0.0/16');
  const owner = await vendorId(tx);
  const ips = await allocateVpnIps(tx, pool, boxes.length);
  return boxes.map((box, i) => ({ ...box, customer_id: owner, state: 'in_stock', vpn_ip: ips[i] }));
}

/** Replaces a box's tags by `tagIds` (already checked). */
export async function setTags(tx: Tx, deviceId: number, tagIds: number[]): Promise<void> {
  await tx.delete(deviceTagLink).where(eq(deviceTagLink.device_id, deviceId));
  const ids = [...new Set(tagIds)];
  if (ids.length) await tx.insert(deviceTagLink).values(ids.map((tag_id) => ({ device_id: deviceId, tag_id })));
}

/** The ledger rows of a create or an update: the box entering stock, or its state set by hand. */
export async function recordDeviceWrite(req: FastifyRequest, tx: Tx, row: DeviceRow, current: DeviceRow | null): Promise<void> {
  const box = { id: row.id, gateway_id: row.gateway_id };
  const owner = row.customer_id;
  if (!current) {
    await recordMovements(tx, req.user, [{ device: box, type: 'purchase_in', from: null, to: owner, state: 'in_stock', remark: MSG.createdRemark }]);
    return;
  }
  if (row.state !== current.state) {
    const state = row.state;
    await recordMovements(tx, req.user, [{ device: box, type: FLOW_INTO_STATE[state], from: owner, to: owner, state, remark: MSG.stateChanged }]);
  }
}

/** A box with machine tools stays: deleting it would orphan their addresses and data. */
export async function checkDeviceDelete(_req: FastifyRequest, current: DeviceRow, tx: Tx): Promise<void> {
  const [{ n }] = await tx.select({ n: count() }).from(machineTool).where(eq(machineTool.device_id, current.id));
  if (n > 0) throw refused(MSG.deviceHasMachines(current.gateway_id, n));
}

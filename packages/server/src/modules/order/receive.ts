import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { BoxIdentity } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { type buyOrder, buyOrderIdentity, device } from '../../db/schema.js';
import { refused } from '../../http/errors.js';
import type { Stored } from '../../http/resource/types.js';
import type { BoxAccounts } from '../../mqtt/external/accounts.js';
import { namesOf } from '../device/actions.js';
import { newDeviceColumns } from '../device/rules.js';
import { type Movement, recordMovements } from '../fleet/ledger.js';
import { MSG } from './messages.js';
import { type OrderKind, checkQuantities, linesOf, lockStock, requireDraft, requireVendor, setStatus } from './rules.js';
import { seal } from './seal.js';

/** What confirming a 进货单 needs besides the order: the keys of box secrets and of sealed identities, and the time. */
export interface ReceiveKeys {
  deviceKey: string;
  identityKey: Buffer;
  now: () => Date;
  /** An external broker's own box accounts, when the server keeps them (Mosquitto dynamic security). */
  accounts?: () => BoxAccounts | undefined;
}

/** The context a 进货单's sealed identities are bound to. */
export const identityContext = (orderId: number): string => `buy_order:${orderId}`;

/**
 * Confirms a 进货单 in the action's transaction: every serial becomes a box in the vendor's stock of its line's
 * type, with a VPN address and a fresh secret (the device creation's own code), and a 进货入库 row naming the
 * order. The new boxes' identities are sealed until their one download. Nothing is written when a line's
 * serials are not its quantity or a serial is a box already; the refusal names them.
 */
export async function receiveOrder(req: FastifyRequest, tx: Tx, kind: OrderKind, row: Stored<typeof buyOrder>, keys: ReceiveKeys): Promise<number> {
  requireVendor(req);
  requireDraft(row, '确认');
  const lines = await linesOf(tx, kind, row.id);
  checkQuantities(lines);
  await lockStock(tx);
  const serials = lines.flatMap((l) => l.serials);
  const taken = await tx.select({ gateway_id: device.gateway_id }).from(device).where(inArray(device.gateway_id, serials));
  if (taken.length) throw refused(MSG.serialsTaken(namesOf(taken.map((b) => b.gateway_id))));

  const identities: BoxIdentity[] = [];
  const movements: Movement[] = [];
  for (const line of lines) {
    for (const serial of line.serials) {
      // one at a time: each box takes the next free VPN address, which the previous insert has just taken
      const { columns, secret } = await newDeviceColumns({ gateway_id: serial, goods_id: line.goods_id }, tx, keys.deviceKey);
      const [box] = await tx
        .insert(device)
        .values(columns as typeof device.$inferInsert)
        .returning({ id: device.id, gateway_id: device.gateway_id, customer_id: device.customer_id });
      identities.push({ gateway_id: box.gateway_id, secret, goods_name: line.goods_name });
      await keys.accounts?.()?.upsert(box.gateway_id, secret);
      movements.push({ device: box, type: 'purchase_in', from: null, to: box.customer_id, state: 'in_stock', orderNo: row.order_no, remark: MSG.purchaseRemark });
    }
  }
  await recordMovements(tx, req.user, movements);
  const orderId = row.id;
  await tx.insert(buyOrderIdentity).values({ order_id: orderId, sealed: seal(keys.identityKey, JSON.stringify(identities), identityContext(orderId)) });
  await setStatus(tx, kind, row, 'confirmed', keys.now());
  return identities.length;
}

/**
 * Takes a confirmed 进货单's sealed identities out of the database, in the caller's transaction: the first call
 * gets them, every later one a refusal saying they were downloaded.
 */
export async function takeIdentities(tx: Tx, row: Stored<typeof buyOrder>): Promise<string> {
  const [taken] = await tx.delete(buyOrderIdentity).where(eq(buyOrderIdentity.order_id, row.id)).returning({ sealed: buyOrderIdentity.sealed });
  if (taken) return taken.sealed;
  throw refused(row.status === 'confirmed' ? MSG.identitiesDownloaded : MSG.identitiesNone);
}

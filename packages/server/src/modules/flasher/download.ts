import { asc, eq, sql } from 'drizzle-orm';
import type { FlashFormat } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { flashBatch, flashItem, goods } from '../../db/schema.js';
import { hashDeviceSecret, newDeviceSecret } from '../../mqtt/identity/secret.js';
import { type BatchRow, requireState } from './rules.js';

/** A batch's identities with their secrets: what the flashing tool writes into the boxes, handed out once. */
export interface FlashIdentities {
  batch_id: number;
  goods_code: string;
  items: { gateway_id: string; secret: string }[];
}

/**
 * The one download of a batch, in the caller's transaction on its locked row: a fresh secret per identity,
 * only its keyed hash stored, the batch marked downloaded. A batch downloaded before is refused: its secrets
 * exist nowhere on the server any more (a box whose secret was lost gets a new one by 重置密钥 once in stock).
 */
export async function takeSecrets(tx: Tx, row: BatchRow, key: string, now: Date): Promise<FlashIdentities> {
  requireState(row, 'new');
  const batchId = row.id;
  const items = await tx.select({ id: flashItem.id, gateway_id: flashItem.gateway_id }).from(flashItem).where(eq(flashItem.batch_id, batchId)).orderBy(asc(flashItem.seq));
  const secrets = items.map(() => newDeviceSecret());
  const hashes = items.map((item, i) => ({ id: item.id, hash: hashDeviceSecret(key, secrets[i]) }));
  await tx.execute(sql`update flash_item f set secret_hash = h.hash
    from jsonb_to_recordset(${JSON.stringify(hashes)}::jsonb) as h(id int, hash text)
    where f.id = h.id`);
  await tx.update(flashBatch).set({ state: 'downloaded', downloaded_at: now }).where(eq(flashBatch.id, batchId));
  const [type] = await tx.select({ code: goods.code }).from(goods).where(eq(goods.id, row.goods_id));
  return { batch_id: batchId, goods_code: type?.code ?? '', items: items.map((item, i) => ({ gateway_id: item.gateway_id, secret: secrets[i] })) };
}

/** A CSV field, quoted when it holds a separator, a quote or a line break. */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The file of `format`: CSV `gateway_id,secret,goods_code` (UTF-8, CRLF), or JSON `{batch_id, goods_code, items}`. */
export function identitiesFile(identities: FlashIdentities, format: FlashFormat): { body: string; type: string } {
  if (format === 'json') return { body: JSON.stringify(identities), type: 'application/json; charset=utf-8' };
  const code = csvField(identities.goods_code);
  const lines = ['gateway_id,secret,goods_code', ...identities.items.map((i) => `${csvField(i.gateway_id)},${csvField(i.secret)},${code}`)];
  return { body: `${lines.join('\r\n')}\r\n`, type: 'text/csv; charset=utf-8' };
}

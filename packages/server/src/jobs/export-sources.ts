import { type SQL, count, max, min } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { listOrder, orderKeyOf } from '../http/resource/list-query.js';
import { presentRows } from '../http/resource/present.js';
import type { ListReader, ResourceContext, ResourceDef, Row, SheetContext } from '../http/resource/types.js';
import type { SessionUser } from '../http/types.js';
import { batchesById, batchesBySort } from './keyset.js';

/** What an export writes: how many rows it expects, then their sheet cells batch by batch. */
export interface ExportSource {
  total: number;
  batches: AsyncIterable<unknown[][]>;
}

interface SourceOptions {
  db: Db;
  def: ResourceDef;
  where: SQL | undefined;
  filters: Record<string, unknown>;
  user: SessionUser;
  batchSize: number;
  sheet: SheetContext;
}

/** Items as the cells of the resource's sheet. */
const cellsOf = (def: ResourceDef, items: Row[], sheet: SheetContext) =>
  items.map((item) => (def.sheet ?? []).map((column) => (column.value ? column.value(item, sheet) : item[column.key])));

/** Rows of the resource as the cells of its sheet, from the same decorated and serialized form the list answers. */
async function sheetRows(def: ResourceDef, rows: Row[], ctx: ResourceContext, sheet: SheetContext): Promise<unknown[][]> {
  return cellsOf(def, (await presentRows(def, rows, ctx)) as Row[], sheet);
}

/**
 * A table's rows in the list's own order — the user's, else the resource's default; newest first (by id) when
 * neither names one — paged by keyset, never OFFSET.
 */
export async function tableSource({ db, def, where, filters, user, batchSize, sheet }: SourceOptions): Promise<ExportSource> {
  const [{ total, top, bottom }] = await db
    .select({ total: count(), top: max(def.id), bottom: min(def.id) })
    .from(def.table)
    .where(where);
  const sort = filters.sort;
  const key = orderKeyOf(def, typeof sort === 'string' ? sort : undefined);
  const rows =
    key && !(key.column === def.id && key.descending)
      ? batchesBySort(db, def, where, key, batchSize)
      : batchesById(db, def, where, { top, bottom }, batchSize);
  async function* batches() {
    for await (const batch of rows) yield await sheetRows(def, batch, { db, user }, sheet);
  }
  return { total, batches: batches() };
}

/**
 * A computed list's pages as its reader answers them, in the list's order. A computed list is an aggregate the
 * reader recomputes per page, so OFFSET costs what one more page costs.
 */
export async function readerSource(reader: ListReader, { db, def, where, filters, user, batchSize, sheet }: SourceOptions): Promise<ExportSource> {
  const order = listOrder(def, typeof filters.sort === 'string' ? filters.sort : undefined);
  const page = (offset: number) => reader.read(db, { where, order, filters, limit: batchSize, offset }, { user });
  const first = await page(0);
  async function* batches() {
    let items = first.items;
    for (let offset = 0; items.length; ) {
      yield cellsOf(def, items as Row[], sheet);
      offset += items.length;
      if (items.length < batchSize) return;
      items = (await page(offset)).items;
    }
  }
  return { total: first.count, batches: batches() };
}

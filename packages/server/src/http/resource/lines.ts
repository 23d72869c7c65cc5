import { asc, getTableColumns, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { LinesDescriptor } from '@gw/contracts';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { defaultSerializer } from './serialize.js';
import type { LinesDeclaration, LinesDef, ResourceDeclaration, ResourceDef, Row } from './types.js';

/** Joins a descriptor's `lines` with the declaration's child table; a half-declared pair stops the start. */
export function compileLines(declared: Pick<ResourceDeclaration, 'resource' | 'lines'>, described: LinesDescriptor | undefined): LinesDef | undefined {
  const { resource } = declared;
  const given: LinesDeclaration | undefined = declared.lines;
  if (!described && !given) return undefined;
  if (!described || !given) throw new Error(`${resource.path}: 明细 (lines) 需要在描述和服务端声明中同时给出`);
  // an import fills a sheet's columns, one row each: it has no place for lines
  if (resource.importable) throw new Error(`${resource.path}: 有明细的资源不支持导入`);
  for (const schema of [resource.create, resource.update]) {
    if (schema && !Object.hasOwn(schema.shape, described.field)) throw new Error(`${resource.path}: 写入的 schema 缺少明细字段 ${described.field}`);
  }
  const entry = Object.entries(getTableColumns(given.table) as Record<string, AnyPgColumn>).find(([, c]) => c === given.parent);
  if (!entry) throw new Error(`${resource.path}: 明细的 parent 不是明细表的列`);
  const id = (getTableColumns(given.table) as Record<string, AnyPgColumn>).id;
  return {
    ...given,
    field: described.field,
    parentKey: entry[0],
    order: given.order ?? id,
    serialize: defaultSerializer(described.item),
  };
}

/** The detail schema: the item with its lines. */
export function detailOf(item: z.ZodType, described: LinesDescriptor | undefined): z.ZodType {
  if (!described) return item;
  const object = item as z.ZodObject;
  if (typeof object.extend !== 'function') throw new Error('有明细的资源,其 item 应为 z.object');
  return object.extend({ [described.field]: z.array(described.item) });
}

/** Splits a write body into the parent's values and its lines (undefined: the lines were not sent). */
export function splitLines(def: ResourceDef, body: Row): { values: Row; lines: Row[] | undefined } {
  if (!def.lines) return { values: body, lines: undefined };
  const { [def.lines.field]: lines, ...values } = body;
  return { values, lines: lines as Row[] | undefined };
}

/** Writes the lines of one stored parent, replacing those it had: all in the write's transaction. */
export async function writeLines(def: ResourceDef, req: FastifyRequest, tx: Tx, row: Row, lines: Row[], replace: boolean): Promise<void> {
  const spec = def.lines!;
  const parentId = row[idKeyOf(def)];
  await spec.check?.(req, lines, row, tx);
  if (replace) await tx.delete(spec.table).where(inArray(spec.parent, [parentId]));
  if (!lines.length) return;
  const columns = await Promise.all(lines.map(async (line) => (spec.toColumns ? spec.toColumns(line, req, tx) : line)));
  await tx.insert(spec.table).values(columns.map((c) => ({ ...c, [spec.parentKey]: parentId })));
}

/** Removes the lines of parents about to be deleted (before them: a line's foreign key may not cascade). */
export async function deleteLines(def: ResourceDef, tx: Tx, parentIds: unknown[]): Promise<void> {
  if (def.lines && parentIds.length) await tx.delete(def.lines.table).where(inArray(def.lines.parent, parentIds));
}

/** Adds their lines to the serialized `items` of parent `rows` (same order): one query for all of them. */
export async function withLines(def: ResourceDef, rows: Row[], items: unknown[], db: Db | Tx): Promise<unknown[]> {
  const spec = def.lines;
  if (!spec || !rows.length) return items;
  const key = idKeyOf(def);
  const ids = rows.map((row) => row[key]);
  const found = (await db.select().from(spec.table).where(inArray(spec.parent, ids)).orderBy(asc(spec.order))) as Row[];
  const byParent = new Map<unknown, unknown[]>();
  for (const line of found) {
    const list = byParent.get(line[spec.parentKey]) ?? [];
    list.push(spec.serialize(line));
    byParent.set(line[spec.parentKey], list);
  }
  return items.map((item, i) => ({ ...(item as Row), [spec.field]: byParent.get(ids[i]) ?? [] }));
}

/** The property that holds a parent row's id. */
function idKeyOf(def: ResourceDef): string {
  const entry = Object.entries(getTableColumns(def.table) as Record<string, AnyPgColumn>).find(([, c]) => c === def.id);
  return entry ? entry[0] : 'id';
}

import { type SQL, and, arrayContains, asc, desc, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type FilterOp, type ListQuery, listQuerySchema, own } from '@gw/contracts';
import { z } from 'zod';
import { badRequest } from '../errors.js';
import { addDays, zoneInstant } from '../../lib/platform-zone.js';
import { customerScope, customerSubtree } from '../scope.js';
import type { ResourceDef, ResourceRequest } from './types.js';

/** The list query of one resource: the common parameters, its sort names and its declared filters. */
export function listQueryOf(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { sort: sortSchemaOf(def) };
  for (const [name, filter] of Object.entries(def.filters)) shape[name] = filter.schema.optional();
  return listQuerySchema.extend(shape);
}

/** `sort`: a declared sortable name, with `-` for descending (and `+` for ascending, as the console sends none). */
function sortSchemaOf(def: ResourceDef) {
  const names = Object.keys(def.sortable);
  return z
    .string()
    .max(100)
    .refine((sort) => Object.hasOwn(def.sortable, sort.replace(/^[-+]/, '')), {
      message: `不支持的排序字段,可选 ${names.join(', ')} (前加 - 为倒序)`,
    })
    .optional();
}

/** Everything of a list query but paging: what an export job keeps to run the same list later. */
export type ListFilters = Omit<ListQuery, 'page' | 'limit'> & Record<string, unknown>;

/**
 * WHERE of a list: keywords over the declared columns, the date range, the filters, the data scope and the
 * resource's own base condition.
 */
export function listWhere(def: ResourceDef, query: ListFilters, req: ResourceRequest): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (query.keywords && def.keywords.length) {
    const pattern = `%${escapeLike(query.keywords)}%`;
    conds.push(or(...def.keywords.map((c) => ilike(c, pattern))));
  }
  if (def.dateColumn && query.start_date) conds.push(gte(def.dateColumn, parseDate(query.start_date, 'start_date')));
  if (def.dateColumn && query.end_date) conds.push(lte(def.dateColumn, parseDate(query.end_date, 'end_date', true)));
  for (const [name, filter] of Object.entries(def.filters)) {
    const value = query[name];
    if (value === undefined || value === '') continue;
    conds.push(filter.where ? filter.where(value, req) : filterCondition(filter.column!, filter.op, value));
  }
  conds.push(rowsWhere(def, req));
  return and(...conds);
}

/** What every read and write of the resource adds: the caller's customer scope and the base condition. */
export function rowsWhere(def: ResourceDef, req: ResourceRequest): SQL | undefined {
  return and(def.scopeColumn ? customerScope(req.user, def.scopeColumn) : undefined, def.baseWhere?.(req));
}

/** One filter's condition: its operator on its column. */
function filterCondition(column: AnyPgColumn, op: FilterOp, value: unknown): SQL | undefined {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  switch (op) {
    case 'in':
      return inArray(column, text.split(','));
    case 'ilike':
      return ilike(column, `%${escapeLike(text)}%`);
    case 'has':
      return arrayContains(column, [value]);
    case 'subtree':
      return sql`${column} in (${customerSubtree(Number(value))})`;
    case 'gte':
      return gte(column, value);
    case 'lte':
      return lte(column, value);
    default:
      return eq(column, value);
  }
}

/** LIKE's wildcards in user input match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** ORDER BY of a list; the id breaks ties, so paging neither repeats nor skips rows with equal sort values. */
export function listOrder(def: ResourceDef, sort: string | undefined): SQL[] {
  const key = orderKeyOf(def, sort);
  return key ? [key.descending ? desc(key.column) : asc(key.column), desc(def.id)] : [desc(def.id)];
}

/** Dates the console sends without a zone are read in the platform's zone, as its screens show them. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * `2024-05-01` (the whole day: its first instant, or its last for `end_date`), `2024-05-01 08:30[:00]` or an
 * ISO time with a zone. A day or time that does not exist (2024-02-30, 24:10) is refused rather than rolled over.
 */
export function parseDate(value: string, field: string, endOfDay = false): Date {
  const invalid = () => badRequest(`参数错误 ${field}: 日期格式不正确,应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss`);
  const m = DATE_TIME.exec(value.trim());
  if (!m) throw invalid();
  const [, y, mo, d, h, mi, sec = '00', frac = '', zone] = m;
  const day = new Date(Date.UTC(+y, +mo - 1, +d));
  if (day.getUTCMonth() !== +mo - 1 || day.getUTCDate() !== +d) throw invalid();
  if (h && (+h > 23 || +mi > 59 || +sec > 59)) throw invalid();
  const date = `${y}-${mo}-${d}`;
  if (!h) return endOfDay ? new Date(zoneInstant(addDays(date, 1)).getTime() - 1) : zoneInstant(date);
  if (!zone) return zoneInstant(date, ((+h * 60 + +mi) * 60 + +sec) * 1000 + Math.round(Number(frac || 0) * 1000));
  // a zone no clock has (+99:00) leaves no date at all: the client's mistake, not the database's to find
  const at = new Date(`${date}T${h}:${mi}:${sec}${frac}${zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`);
  if (Number.isNaN(at.getTime())) throw invalid();
  return at;
}

/** A list's chosen order: one declared column, up or down (the id breaks ties, downwards). */
export interface SortKey {
  column: AnyPgColumn;
  descending: boolean;
}

/** The order a list is read in: the one asked for, else the descriptor's default (none: newest first). */
export function orderKeyOf(def: ResourceDef, sort: string | undefined): SortKey | undefined {
  return sortKeyOf(def, sort || def.defaultSort);
}

/** `sort=name` ascending, `sort=-name` descending; only declared columns. */
export function sortKeyOf(def: ResourceDef, sort: string | undefined): SortKey | undefined {
  if (!sort) return undefined;
  const key = sort.replace(/^[-+]/, '');
  const column = own(def.sortable, key);
  if (!column) throw badRequest(`参数错误 sort: 不支持按 ${key} 排序`);
  return { column, descending: sort.startsWith('-') };
}

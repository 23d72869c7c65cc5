import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { SessionUser } from '../types.js';

export type Row = Record<string, unknown>;

/**
 * A list filter: the query parameter's schema and how it narrows `column` — `eq` (default), `in` (a comma
 * list), `ilike` (contains, case-insensitive) or `has` (an array column holds the value).
 */
export interface FilterDef {
  column: AnyPgColumn;
  schema: z.ZodType;
  op?: 'eq' | 'in' | 'ilike' | 'has';
}

/** What a hook that reads other tables gets: the connection (the write's transaction inside one) and the caller. */
export interface ResourceContext {
  db: Db | Tx;
  user: SessionUser;
}

/** A column of the resource's spreadsheet (export, import template). */
export interface SheetColumn {
  key: string;
  title: string;
  /** Cell value of a serialized row; defaults to `row[key]`. */
  value?(row: Row): unknown;
  width?: number;
}

/** One resource, declared once; `registerResource` turns it into routes. */
export interface ResourceDef<TTable extends PgTable = PgTable> {
  /** Route path, also the menu path its permissions hang on (DESIGN §4). */
  path: string;
  title: string;
  table: TTable;
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  /** The customer id column that decides the data scope; omit for vendor-only data. */
  scopeColumn?: AnyPgColumn;
  keywords: AnyPgColumn[];
  sortable: Record<string, AnyPgColumn>;
  /** Query parameters that narrow the list, by name. */
  filters?: Record<string, FilterDef>;
  item: z.ZodType;
  /** Omit for read-only resources (logs): no POST/PUT/DELETE routes. */
  create?: z.ZodObject;
  update?: z.ZodObject;
  /** false: no delete routes even though the resource is writable. */
  deletable?: boolean;
  /**
   * Adds what the rows of one page need from other tables (company names, role names, counts) before
   * `serialize`, with one query per page for all its rows — never one per row.
   */
  decorate?(rows: Row[], ctx: ResourceContext): Promise<Row[]>;
  serialize(row: Row): unknown;
  /** Spreadsheet columns; a resource with them gets export (and import when `create` is set). */
  sheet?: SheetColumn[];
  /** false: export only, no import routes, for a sheet that shows names where writes take ids. */
  importable?: boolean;
  /**
   * Refuses a write the caller may not make (e.g. a parent outside its scope) by throwing an AppError.
   * `current` is the stored row on update, null on create.
   */
  checkWrite?(req: FastifyRequest, values: Row, current: Row | null, tx: Tx): Promise<void>;
  /** Refuses a delete that would leave the data broken (e.g. rows still hanging on this one) by throwing an AppError. */
  checkDelete?(req: FastifyRequest, current: Row, tx: Tx): Promise<void>;
  /** Turns validated write values into column values (e.g. hash a password); defaults to the values. */
  toColumns?(values: Row, req: FastifyRequest, tx: Tx): Promise<Row> | Row;
  /** Follows a stored write in its transaction (e.g. end the sessions of a user whose password was reset). */
  afterWrite?(req: FastifyRequest, row: Row, current: Row | null, tx: Tx): Promise<void>;
  /** Follows a delete (single or bulk) in its transaction with the deleted rows. */
  afterDelete?(req: FastifyRequest, rows: Row[], tx: Tx): Promise<void>;
}

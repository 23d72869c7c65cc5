import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';

export type Row = Record<string, unknown>;

/** A list filter: the query parameter's schema and the column it compares (`in` takes a comma list). */
export interface FilterDef {
  column: AnyPgColumn;
  schema: z.ZodType;
  op?: 'eq' | 'in' | 'ilike';
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
  serialize(row: Row): unknown;
  /** Spreadsheet columns; a resource with them gets export (and import when `create` is set). */
  sheet?: SheetColumn[];
  /**
   * Refuses a write the caller may not make (e.g. a parent outside its scope) by throwing an AppError.
   * `current` is the stored row on update, null on create.
   */
  checkWrite?(req: FastifyRequest, values: Row, current: Row | null, tx: Tx): Promise<void>;
  /** Refuses a delete that would leave the data broken (e.g. rows still hanging on this one) by throwing an AppError. */
  checkDelete?(req: FastifyRequest, current: Row, tx: Tx): Promise<void>;
  /** Turns validated write values into column values (e.g. hash a password); defaults to the values. */
  toColumns?(values: Row, req: FastifyRequest, tx: Tx): Promise<Row> | Row;
}

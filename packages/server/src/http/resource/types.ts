import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { ActionDescriptor, Envelope, FilterOp, ItemOf, ResourceDescriptor, WriteValues } from '@gw/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { SessionUser } from '../types.js';
import type { PageReader } from './page-query.js';
import type { Row } from './row.js';

export type { Row };

/**
 * A stored row of `TTable` as a hook gets it: the table's columns typed as the table declares them, and whatever
 * else the row carries by then (derived values, a decorator's fields) reachable as unknown.
 */
export type Stored<TTable extends PgTable> = TTable['$inferSelect'] & Row;

/** What `toColumns` answers: values for some of the table's columns. */
export type ColumnValues<TTable extends PgTable> = Partial<TTable['$inferInsert']>;

/**
 * An item of the resource as a sheet column and `present` see it: the item schema's fields typed, any other
 * field the answer carries (a detail's lines) reachable as unknown.
 */
export type ItemRow<D extends Pick<ResourceDescriptor, 'item'>> = ItemOf<D> & Row;

/**
 * The values a write hook gets: those the descriptor's create and update give; any record for a declaration
 * of no particular descriptor (the machine's own view of every resource).
 */
export type ValuesOf<D extends ResourceDescriptor> = ResourceDescriptor extends D ? Row : WriteValues<D>;

/** What a hook that reads other tables gets: the connection (the write's transaction inside one) and the caller. */
export interface ResourceContext {
  db: Db | Tx;
  user: SessionUser;
}

/**
 * Whom a list runs for: a request, or an export job replaying its user's list (then `user` carries the job
 * owner's id, name, company and scope, but no grants).
 */
export interface ResourceRequest {
  user: SessionUser;
}

/** One page of a computed list as the machine asks for it: the list's own condition and order, and its query. */
export interface ReaderPage {
  /** Scope, base condition, keywords and filters over the declaration's table (a filter's own `where` included). */
  where: SQL | undefined;
  /** The chosen sort (or the default), then the id downwards. */
  order: SQL[];
  /** The query's values, for what the reader reads itself (e.g. the month of a monthly list). */
  filters: Readonly<Record<string, unknown>>;
  limit: number;
  offset: number;
}

/**
 * A list that is computed rather than its table's rows one by one (a month's traffic per box): the list route
 * and its export jobs read its pages here, already as items. The reader selects from the declaration's table
 * so the machine's `where` and `order` apply; it has no detail and is written only through declared actions.
 */
export interface ListReader {
  read(db: Db | Tx, page: ReaderPage, req: ResourceRequest): Promise<{ items: unknown[]; count: number }>;
}

/** The property names of a table's columns. */
export type ColumnName<TTable extends PgTable> = Extract<keyof TTable['_']['columns'], string>;

/**
 * What a detail shows of a row besides its columns and lines, e.g. a provisioning batch's identities: the detail
 * schema (the item extended), and the reader that adds those fields to the rows' items (same order), one query
 * for all of them. GET {path}/{id} and the writes' answers carry them; the list does not.
 */
export interface DetailDeclaration<Current = Row> {
  schema: z.ZodType;
  read: (rows: Current[], items: unknown[], db: Db | Tx) => Promise<unknown[]>;
}

/** What a sheet's cells may need beyond their row. */
export interface SheetContext {
  /** Where the console was reached when the export was asked (protocol://host): the base of relative links. */
  origin: string;
}

/** A column of the resource's spreadsheet (export, import template); `TItem` is one item as the list answers it. */
export interface SheetColumn<TItem = Row> {
  key: string;
  /** Default: the descriptor's label of `key`. */
  title?: string;
  /** Cell value of a serialized row; defaults to `row[key]`. */
  value?: (row: TItem, sheet: SheetContext) => unknown;
  width?: number;
}

/** A sheet column with its title found. */
export type TitledColumn = SheetColumn & { title: string };

/**
 * The hooks of a write; each runs inside the write's transaction. `Values` are the validated write values,
 * `Current` a stored row, `Columns` what the table takes: a declaration gets them from its descriptor and table
 * (`ResourceHooks`), the machine handles every resource's as records.
 */
export interface WriteHooks<Values = Row, Current = Row, Columns = Row> {
  /**
   * Refuses a write the caller may not make (e.g. a parent outside its scope) by throwing an AppError.
   * `current` is the stored row on update, null on create.
   */
  checkWrite?: (req: FastifyRequest, values: Values, current: Current | null, tx: Tx) => Promise<void>;
  /** Refuses a delete that would leave the data broken (e.g. rows still hanging on this one) by throwing an AppError. */
  checkDelete?: (req: FastifyRequest, current: Current, tx: Tx) => Promise<void>;
  /** Turns validated write values into column values (e.g. hash a password); defaults to the values. */
  toColumns?: (values: Values, req: FastifyRequest, tx: Tx) => Promise<Columns> | Columns;
  /** Follows a stored write in its transaction (e.g. end the sessions of a user whose password was reset). */
  afterWrite?: (req: FastifyRequest, row: Current, current: Current | null, tx: Tx) => Promise<void>;
  /**
   * What a delete (single or bulk) does instead of removing the rows, after `checkDelete`: e.g. mark them 已删除
   * so they stay listed for history (firmware releases). `afterDelete` follows as for a removal.
   */
  markDeleted?: (req: FastifyRequest, rows: Current[], tx: Tx) => Promise<void>;
  /** Follows a delete (single or bulk) in its transaction with the deleted rows. */
  afterDelete?: (req: FastifyRequest, rows: Current[], tx: Tx) => Promise<void>;
}

/**
 * The write hooks of one resource, typed from its table and descriptor: the create's and update's values, the
 * table's rows and columns. For hooks written apart from their declaration, e.g.
 * `Pick<ResourceHooks<typeof config, typeof configResource>, 'checkWrite'>`.
 */
export type ResourceHooks<TTable extends PgTable, D extends ResourceDescriptor> = WriteHooks<ValuesOf<D>, Stored<TTable>, ColumnValues<TTable>>;

/**
 * What a declared action does with its rows (one for a row action), in the request's transaction. `body` is
 * the validated body without `ids`. Answers the envelope, e.g. `ok(null, '已分配 3 台设备')`.
 */
export type ActionHandler<Current = Row> = {
  // a method's parameters are bivariant: a handler may type its body as the action's body schema gives it
  run(req: FastifyRequest, rows: Current[], body: Row, tx: Tx): Promise<Envelope<unknown>>;
}['run'];

/** An action's handler with the schema of the answer's `data` for OpenAPI (default: anything). */
export interface ActionDeclaration<Current = Row> {
  run: ActionHandler<Current>;
  response?: z.ZodType;
}

/**
 * Where the lines of a master–detail resource live (the descriptor's `lines` says what they hold). `Line` is one
 * line as the create and update schemas validate it.
 */
export interface LinesDeclaration<Line = Row> {
  table: PgTable;
  /** The line's column holding its parent's id. */
  parent: AnyPgColumn;
  /** The lines' order in the detail; default: their id, as written. */
  order?: AnyPgColumn;
  // methods, whose parameters are bivariant: the descriptor names the lines' field by a string, so the machine
  // cannot find the line's type, and a declaration states it here
  /** Refuses lines the caller may not write (e.g. a product that does not exist); `row` is the stored parent. */
  check?(req: FastifyRequest, lines: Line[], row: Row, tx: Tx): Promise<void>;
  /** Turns a validated line into column values (e.g. a computed amount); defaults to the line. */
  toColumns?(line: Line, req: FastifyRequest, tx: Tx): Promise<Row> | Row;
}

/** The lines as the machine writes and reads them. */
export interface LinesDef extends Omit<LinesDeclaration, 'order'> {
  field: string;
  /** The property of a line row that holds its parent's id. */
  parentKey: string;
  order: AnyPgColumn;
  serialize: (row: Row) => unknown;
}

/** Something that hangs on a node of a tree and keeps it from being deleted, e.g. a company's users. */
export interface TreeDependant {
  table: PgTable;
  /** The column holding the node's id (an array column holding it among others counts too). */
  column: AnyPgColumn;
  /** How a count of them reads after the number: 台设备, 个用户. */
  name: string;
}

/** The tree of a descriptor with `tree: true`. */
export interface TreeDeclaration<TTable extends PgTable = PgTable> {
  /** Default `parent_id`. */
  parent?: ColumnName<TTable>;
  /** The column the tree shows for a node. */
  label: ColumnName<TTable>;
  /** The advisory lock moves and deletes take turns on; default `<table>_tree`. */
  lock?: string;
  /** What one node is called in messages (公司 for customers); default the descriptor's title. */
  node?: string;
  dependants?: readonly TreeDependant[];
}

/** A tree as the machine runs it. */
export interface TreeDef {
  parent: AnyPgColumn;
  /** The property of the parent id in rows and write values. */
  parentKey: string;
  label: AnyPgColumn;
  lock: string;
  node: string;
  dependants: readonly TreeDependant[];
  /** The menus whose 查询 reads the tree and whose 修改 moves a node: the resource's own, then its pages'. */
  menus: readonly string[];
}

/**
 * How the server keeps one resource described in contracts: the table, the columns whose field names differ,
 * the data scope, and the hooks that carry the resource's own rules. `registerResource` turns it into routes.
 * The hooks see the types of the descriptor `D` (write values, items) and of the table (stored rows, columns);
 * `serialize` gets a row as `decorate` answers it (`Decorated`, inferred from it), else the stored row.
 */
export interface ResourceDeclaration<TTable extends PgTable = PgTable, D extends ResourceDescriptor = ResourceDescriptor, Decorated = Stored<TTable>>
  extends ResourceHooks<TTable, D> {
  resource: D;
  table: TTable;
  /**
   * Columns of fields (sortable, filters, date) that are not the table's column of the same name, e.g.
   * `{ role_id: adminUser.roles }`. Every other field name maps to the column of that name.
   */
  columns?: Readonly<Record<string, AnyPgColumn>>;
  /**
   * Filters whose condition is not an operator on a column, by name, e.g. a tag through a link table:
   * `{ tag_id: (id) => sql\`${device.id} in (select device_id from device_tag_link where tag_id = ${id})\` }`.
   */
  where?: Readonly<Record<string, FilterCondition>>;
  /**
   * Columns the `keywords` parameter searches (contains, any case); or a text expression naming the resource's
   * table in full, for a name kept in another table (a rollout's release: its version).
   */
  keywords?: readonly (ColumnName<TTable> | SQL)[];
  /** The customer id column that decides the data scope (`id` for the customers themselves); omit for vendor-only data. */
  scope?: ColumnName<TTable>;
  /**
   * A condition every list, get, update, delete, action and export of the resource adds besides the scope,
   * e.g. export jobs: only the caller's own.
   */
  baseWhere?: (req: ResourceRequest) => SQL | undefined;
  /**
   * Values computed in SQL beside the row's own columns (names from other tables, counts), each a correlated
   * subquery naming the resource's table in full (`device.customer_id`: the ORM writes a lone column
   * unqualified). The list and the detail read them in their own query, so a page costs one round trip; rows
   * from elsewhere (a write's RETURNING, an export batch) get them by id, one query for all. They reach
   * `decorate` and `serialize` as fields of the row.
   */
  derived?: Readonly<Record<string, SQL>>;
  /**
   * Adds what the rows of one page need from other tables (company names, role names, counts) before
   * `serialize`, with one query per page for all its rows — never one per row.
   */
  decorate?: (rows: Stored<TTable>[], ctx: ResourceContext) => Promise<Decorated[]>;
  /** Default: the item schema's keys of the (decorated) row, dates as ISO strings. */
  serialize?: (row: Decorated) => unknown;
  /**
   * Adds to a serialized row what only this request's answer carries (a secret made by the create, shown
   * once). Runs for the answers of list, get, create and update, never for exports.
   */
  present?: (req: FastifyRequest, item: ItemRow<D>) => unknown;
  /** Spreadsheet columns; needed when the descriptor is `exportable`. */
  sheet?: readonly SheetColumn<ItemRow<D>>[];
  /** Reads the list (and its exports) when it is computed, not the table's rows: then there is no detail route. */
  reader?: ListReader;
  /** A handler for each of the descriptor's actions, by name. */
  actions?: Readonly<Record<string, ActionHandler<Stored<TTable>> | ActionDeclaration<Stored<TTable>>>>;
  /** The child table of a descriptor with `lines`. */
  lines?: LinesDeclaration;
  /** What the detail adds besides the item's fields (not with `lines`). */
  detail?: DetailDeclaration<Stored<TTable>>;
  /**
   * The tree of a descriptor with `tree: true`: GET {path}/tree, the move check on every write (a PUT with only
   * `parent_id` re-parents) and the delete guard, on top of `checkWrite` and `checkDelete`.
   */
  tree?: TreeDeclaration<TTable>;
}

/** The condition of a filter given its parsed value. */
export type FilterCondition = (value: unknown, req: ResourceRequest) => SQL | undefined;

/** A list filter as the machine runs it: the descriptor's schema, and its operator on a column or its own condition. */
export interface FilterDef {
  schema: z.ZodType;
  op: FilterOp;
  column?: AnyPgColumn;
  where?: FilterCondition;
}

/**
 * A declaration with its field names resolved to columns: what the routes, the export runner and the import run.
 * Its hooks take records; the table and item types stay known for the routes a module adds (`lockRows`).
 */
export interface ResourceDef<TTable extends PgTable = PgTable, TItem = unknown> extends WriteHooks {
  path: string;
  /** The menu whose permission bits guard every route of the resource: the descriptor's `menu`, else its path. */
  menu: string;
  title: string;
  table: TTable;
  id: AnyPgColumn;
  /** The column the date range applies to; none: start_date / end_date are ignored. */
  dateColumn?: AnyPgColumn;
  scopeColumn?: AnyPgColumn;
  keywords: (AnyPgColumn | SQL)[];
  sortable: Record<string, AnyPgColumn>;
  /** The descriptor's `defaultSort`: the order of a list that names none. */
  defaultSort?: string;
  filters: Record<string, FilterDef>;
  baseWhere?: (req: ResourceRequest) => SQL | undefined;
  item: z.ZodType<TItem>;
  /** What GET {path}/{id} and the writes answer: the item, with its lines or the declaration's detail fields. */
  detail: z.ZodType;
  /** The reader of the declaration's detail fields. */
  readDetail?: DetailDeclaration['read'];
  create?: z.ZodObject;
  update?: z.ZodObject;
  deletable: boolean;
  importable: boolean;
  actions: Readonly<Record<string, ActionDescriptor>>;
  lines?: LinesDef;
  tree?: TreeDef;
  derived?: Readonly<Record<string, SQL>>;
  /** What the detail selects: the table's columns, then the derived values. */
  selection: Record<string, AnyPgColumn | SQL>;
  /** The same for the list's pages, rendered once (page-query.ts). */
  page: PageReader;
  decorate?: (rows: Row[], ctx: ResourceContext) => Promise<Row[]>;
  serialize: (row: Row) => unknown;
  present?: (req: FastifyRequest, item: unknown) => unknown;
  sheet?: TitledColumn[];
  reader?: ListReader;
}

import { type SQL, and, asc, count, desc, eq, gte, ilike, lte, or } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, idParamSchema, listEnvelopeSchema, listQuerySchema } from '@gw/contracts';
import { z } from 'zod';
import type { Db, Tx } from '../db/client.js';
import { badRequest, notFound } from './errors.js';
import { list, ok } from './reply.js';
import { customerScope } from './scope.js';

type Row = Record<string, unknown>;

/** One resource, declared once; see `registerResource`. */
export interface ResourceDef<TTable extends PgTable> {
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
  item: z.ZodType;
  create: z.ZodObject;
  update: z.ZodObject;
  serialize(row: Row): unknown;
  /**
   * Refuses a write the caller may not make (e.g. a parent outside its scope) by throwing an AppError.
   * `current` is the stored row on update, null on create.
   */
  checkWrite?(req: FastifyRequest, values: Row, current: Row | null, tx: Tx): Promise<void>;
  /** Refuses a delete that would leave the data broken (e.g. rows still hanging on this one) by throwing an AppError. */
  checkDelete?(req: FastifyRequest, current: Row, tx: Tx): Promise<void>;
}

/**
 * The list/CRUD machine: list with paging, keywords, date range and sort; get; create; update; delete — each
 * guarded by the menu/action bit, limited to the caller's customer scope, audited by the row trigger and
 * documented in OpenAPI, all from the declaration.
 */
export function registerResource<TTable extends PgTable>(fastify: FastifyInstance, db: Db, def: ResourceDef<TTable>): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [def.title];
  const menu = def.path;
  const table = def.table as PgTable;
  const scoped = (req: FastifyRequest, ...conds: (SQL | undefined)[]) =>
    and(...conds, def.scopeColumn ? customerScope(req.user, def.scopeColumn) : undefined);
  const byId = (req: FastifyRequest, id: number) => scoped(req, eq(def.id, id));

  app.get(
    def.path,
    {
      config: { access: { menu, action: 'query' } },
      schema: { tags, summary: `${def.title}列表`, querystring: listQuerySchema, response: { 200: listEnvelopeSchema(def.item) } },
    },
    async (req) => {
      const q = req.query;
      const conds: (SQL | undefined)[] = [];
      if (q.keywords) conds.push(or(...def.keywords.map((c) => ilike(c, `%${q.keywords!.replace(/[\\%_]/g, '\\$&')}%`))));
      if (q.start_date) conds.push(gte(def.createdAt, parseDate(q.start_date, 'start_date')));
      if (q.end_date) conds.push(lte(def.createdAt, parseDate(q.end_date, 'end_date', true)));
      const where = scoped(req, ...conds);
      // the id breaks ties, so rows with equal sort values keep one order and paging neither repeats nor skips
      const order = [...(sortOf(q.sort, def.sortable) ?? []), desc(def.id)];
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(table).where(where).orderBy(...order).limit(q.limit).offset((q.page - 1) * q.limit),
        db.select({ total: count() }).from(table).where(where),
      ]);
      return list(rows.map((r) => def.serialize(r)), { count: total, page: q.page, limit: q.limit });
    },
  );

  app.get(
    `${def.path}/:id`,
    {
      config: { access: { menu, action: 'query' } },
      schema: { tags, summary: `${def.title}详情`, params: idParamSchema, response: { 200: envelopeSchema(def.item) } },
    },
    async (req) => {
      const [row] = await db.select().from(table).where(byId(req, req.params.id));
      if (!row) throw notFound(def.title);
      return ok(def.serialize(row));
    },
  );

  app.post(
    def.path,
    {
      config: { access: { menu, action: 'add' } },
      schema: { tags, summary: `新增${def.title}`, body: def.create, response: { 200: envelopeSchema(def.item) } },
    },
    async (req) => {
      const values = req.body as Row;
      const row = await req.tx(async (tx) => {
        await def.checkWrite?.(req, values, null, tx);
        const [inserted] = await tx.insert(table).values(values).returning();
        return inserted;
      });
      return ok(def.serialize(row), '新增成功');
    },
  );

  app.put(
    `${def.path}/:id`,
    {
      config: { access: { menu, action: 'edit' } },
      schema: { tags, summary: `修改${def.title}`, params: idParamSchema, body: def.update, response: { 200: envelopeSchema(def.item) } },
    },
    async (req) => {
      const values = req.body as Row;
      const row = await req.tx(async (tx) => {
        const [current] = await tx.select().from(table).where(byId(req, req.params.id));
        if (!current) throw notFound(def.title);
        await def.checkWrite?.(req, values, current, tx);
        if (!Object.keys(values).length) return current;
        const [updated] = await tx.update(table).set(values).where(eq(def.id, req.params.id)).returning();
        return updated;
      });
      return ok(def.serialize(row), '保存成功');
    },
  );

  app.delete(
    `${def.path}/:id`,
    {
      config: { access: { menu, action: 'delete' } },
      schema: { tags, summary: `删除${def.title}`, params: idParamSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (req) => {
      await req.tx(async (tx) => {
        const [current] = await tx.select().from(table).where(byId(req, req.params.id));
        if (!current) throw notFound(def.title);
        await def.checkDelete?.(req, current, tx);
        await tx.delete(table).where(eq(def.id, req.params.id));
      });
      return ok(null, '删除成功');
    },
  );
}

/** Dates the console sends without a zone are read in China time, as its screens show them. */
const CONSOLE_ZONE = '+08:00';
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * `2024-05-01` (the whole day: its first instant, or its last for `end_date`), `2024-05-01 08:30[:00]` or an
 * ISO time with a zone. A day or time that does not exist (2024-02-30, 24:10) is refused rather than rolled over.
 */
function parseDate(value: string, field: string, endOfDay = false): Date {
  const invalid = () => badRequest(`参数错误 ${field}: 日期格式不正确,应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss`);
  const m = DATE_TIME.exec(value.trim());
  if (!m) throw invalid();
  const [, y, mo, d, h, mi, sec = '00', frac = '', zone = CONSOLE_ZONE] = m;
  const day = new Date(Date.UTC(+y, +mo - 1, +d));
  if (day.getUTCMonth() !== +mo - 1 || day.getUTCDate() !== +d) throw invalid();
  if (h && (+h > 23 || +mi > 59 || +sec > 59)) throw invalid();
  const time = h ? `${h}:${mi}:${sec}${frac}${zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}` : `${endOfDay ? '23:59:59.999' : '00:00:00'}${CONSOLE_ZONE}`;
  return new Date(`${y}-${mo}-${d}T${time}`);
}

/** `sort=name` ascending, `sort=-name` descending; only declared columns. */
function sortOf(sort: string | undefined, sortable: Record<string, AnyPgColumn>): SQL[] | undefined {
  if (!sort) return undefined;
  const key = sort.replace(/^[-+]/, '');
  const column = sortable[key];
  if (!column) throw badRequest(`参数错误 sort: 不支持按 ${key} 排序`);
  return [sort.startsWith('-') ? desc(column) : asc(column)];
}

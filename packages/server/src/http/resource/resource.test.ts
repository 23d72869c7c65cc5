import { eq, sql } from 'drizzle-orm';
import { defineResource, idFilterSchema } from '@gw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customer } from '../../db/schema.js';
import { ADMIN_PASSWORD, API, type TestApp, createTestApp } from '../../test/harness.js';
import { compileResource } from './compile.js';
import { registerResource } from './register.js';

const PATH = '/test/company';

/** A second face of the customer table, declared only here, to try the machine's options one by one. */
const companyResource = defineResource({
  path: PATH,
  title: '测试公司',
  item: z.object({ id: z.number(), company_name: z.string(), area_id: z.number(), created_at: z.string() }),
  create: z.object({ company_name: z.string().min(1), area_id: z.number().int().optional(), parent_id: z.number().int().nullable().optional() }),
  update: z.object({ company_name: z.string().min(1).optional() }),
  labels: { company_name: '公司名称', area_id: '地区', created_at: '创建时间' },
  sortable: ['id', 'company_name'],
  defaultSort: '-company_name',
  dateField: 'created_at',
  filters: {
    under: { label: '上级公司', schema: idFilterSchema, op: 'subtree' },
    area_from: { label: '地区起', schema: z.coerce.number().int(), op: 'gte' },
    area_to: { label: '地区止', schema: z.coerce.number().int(), op: 'lte' },
    names: { label: '名称', schema: z.string().max(200), op: 'in' },
    with_contact: { label: '有联系人', schema: z.enum(['yes']) },
  },
});

describe('the resource machine (a test-only resource over the customer table)', () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};

  const list = async (query = '') => (await t.api('GET', `${PATH}?limit=100&sort=id&${query}`, { token: admin })).json();
  const names = (body: { data: { company_name: string }[] }) => body.data.map((c) => c.company_name);

  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app, deps) {
        void app.register(
          async (scope) => {
            registerResource(scope, deps, {
              resource: companyResource,
              table: customer,
              columns: { under: customer.id, area_from: customer.area_id, area_to: customer.area_id, names: customer.company_name },
              where: { with_contact: () => sql`${customer.contact} <> ''` },
              keywords: ['company_name'],
              // the platform's own record is not part of this list, nor reachable by id
              baseWhere: () => eq(customer.is_vendor, false),
              present: (req, item) => (req.method === 'POST' ? { ...(item as object), area_id: -1 } : item),
            });
          },
          { prefix: API },
        );
      },
    });
    admin = await t.login('admin', ADMIN_PASSWORD);
    const add = async (name: string, values: Partial<typeof customer.$inferInsert> = {}) => {
      const [row] = await t.db.insert(customer).values({ company_name: name, ...values }).returning();
      ids[name] = row.id;
    };
    await add('A', { area_id: 10 });
    await add('A1', { parent_id: ids.A, area_id: 20, contact: '张三' });
    await add('A11', { parent_id: ids.A1, area_id: 30 });
    await add('B', { area_id: 40 });
  });
  afterAll(() => t.close());

  it('serializes with the item schema by default: its keys only, times as ISO strings', async () => {
    const body = await list();
    expect(body.data[0]).toEqual({ id: ids.A, company_name: 'A', area_id: 10, created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) });
  });

  it('answers a page as JSON with the same values a detail reads through the ORM', async () => {
    const res = await t.api('GET', `${PATH}?limit=100&sort=id`, { token: admin });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const [first] = res.json().data;
    const [row] = await t.db.select().from(customer).where(eq(customer.id, first.id));
    expect(first.created_at).toBe(row.created_at.toISOString());
    expect((await t.api('GET', `${PATH}/${first.id}`, { token: admin })).json().data).toEqual(first);
  });

  it('adds the base condition to the list, the detail, the update and the delete', async () => {
    const [vendor] = await t.db.select().from(customer).where(eq(customer.is_vendor, true));
    expect(names(await list())).toEqual(['A', 'A1', 'A11', 'B']);
    expect((await t.api('GET', `${PATH}/${vendor.id}`, { token: admin })).statusCode).toBe(404);
    expect((await t.api('PUT', `${PATH}/${vendor.id}`, { token: admin, body: { company_name: 'x' } })).statusCode).toBe(404);
    expect((await t.api('DELETE', `${PATH}/${vendor.id}`, { token: admin })).statusCode).toBe(404);
    expect((await t.api('DELETE', PATH, { token: admin, body: { ids: [ids.B, vendor.id] } })).statusCode).toBe(404);
    const [still] = await t.db.select().from(customer).where(eq(customer.id, vendor.id));
    expect(still.company_name).toBe(vendor.company_name);
  });

  it('runs every filter operator: subtree, gte, lte, in and a declared condition', async () => {
    expect(names(await list(`under=${ids.A1}`))).toEqual(['A1', 'A11']);
    expect(names(await list('area_from=20&area_to=30'))).toEqual(['A1', 'A11']);
    expect(names(await list('names=A,B'))).toEqual(['A', 'B']);
    expect(names(await list('with_contact=yes'))).toEqual(['A1']);
    expect((await t.api('GET', `${PATH}?area_from=abc`, { token: admin })).statusCode).toBe(400);
  });

  it('orders a list that names no order as the descriptor says, and one that does as asked', async () => {
    const unsorted = (await t.api('GET', `${PATH}?limit=100`, { token: admin })).json();
    expect(names(unsorted)).toEqual(['B', 'A11', 'A1', 'A']);
    expect(names(await list())).toEqual(['A', 'A1', 'A11', 'B']);
  });

  it('gives the answers of this request what `present` adds, and stores what the body says', async () => {
    const created = (await t.api('POST', PATH, { token: admin, body: { company_name: 'C', area_id: 7 } })).json();
    expect(created).toMatchObject({ code: 200, data: { company_name: 'C', area_id: -1 } });
    const read = (await t.api('GET', `${PATH}/${created.data.id}`, { token: admin })).json();
    expect(read.data.area_id).toBe(7);
  });
});

describe('compileResource', () => {
  const base = { path: '/test/x', title: 'X', item: z.object({ id: z.number() }), labels: { company_name: '公司名称' }, sortable: [] };

  it('refuses at start a field that is neither a column nor declared in `columns`', () => {
    expect(() => compileResource({ resource: defineResource({ ...base, sortable: ['nope'] }), table: customer })).toThrow(/nope/);
    expect(() =>
      compileResource({ resource: defineResource({ ...base, filters: { nope: { label: 'n', schema: z.string() } } }), table: customer }),
    ).toThrow(/nope/);
  });

  it('titles sheet columns with the labels and refuses a column without one', () => {
    const exportable = defineResource({ ...base, exportable: true });
    expect(compileResource({ resource: exportable, table: customer, sheet: [{ key: 'company_name' }] }).sheet).toEqual([
      { key: 'company_name', title: '公司名称' },
    ]);
    expect(() => compileResource({ resource: exportable, table: customer, sheet: [{ key: 'contact' }] })).toThrow(/contact/);
    expect(() => compileResource({ resource: exportable, table: customer })).toThrow(/sheet/);
  });
});

import { count, eq, sql } from 'drizzle-orm';
import { integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { defineResource } from '@gw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refused } from '../errors.js';
import { ADMIN_PASSWORD, API, type TestApp, createTestApp } from '../../test/harness.js';
import { registerResource } from './register.js';

/** An order and its lines, tables made by this test only. */
const testOrder = pgTable('test_order', {
  id: serial('id').primaryKey(),
  order_no: text('order_no').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
const testOrderLine = pgTable('test_order_line', {
  id: serial('id').primaryKey(),
  order_id: integer('order_id').notNull(),
  goods: text('goods').notNull(),
  quantity: integer('quantity').notNull(),
  price: numeric('price', { precision: 8, scale: 2 }).notNull(),
});

const lineWrite = z.object({ goods: z.string().min(1), quantity: z.number().int().positive(), price: z.string().regex(/^\d+(\.\d{1,2})?$/) });
const PATH = '/test/order';

const orderResource = defineResource({
  path: PATH,
  title: '测试订单',
  item: z.object({ id: z.number(), order_no: z.string(), created_at: z.string() }),
  create: z.object({ order_no: z.string().min(1), lines: z.array(lineWrite).min(1).max(100) }),
  update: z.object({ order_no: z.string().min(1).optional(), lines: z.array(lineWrite).min(1).max(100).optional() }),
  labels: { order_no: '订单号', created_at: '创建时间' },
  sortable: ['id'],
  lines: {
    field: 'lines',
    item: z.object({ id: z.number(), goods: z.string(), quantity: z.number(), price: z.string() }),
    labels: { goods: '商品', quantity: '数量', price: '单价' },
  },
});

describe('master–detail (a test-only order and its lines)', () => {
  let t: TestApp;
  let admin: string;

  const lineCount = async () => (await t.db.select({ n: count() }).from(testOrderLine))[0].n;
  const orderCount = async () => (await t.db.select({ n: count() }).from(testOrder))[0].n;
  const line = (goods: string, quantity = 1, price = '9.90') => ({ goods, quantity, price });

  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app, deps) {
        void app.register(
          async (scope) => {
            registerResource(scope, deps, {
              resource: orderResource,
              table: testOrder,
              lines: {
                table: testOrderLine,
                parent: testOrderLine.order_id,
                async check(_req, lines) {
                  if (lines.some((l) => l.goods === '停售')) throw refused('商品已停售');
                },
              },
            });
          },
          { prefix: API },
        );
      },
    });
    await t.db.execute(sql`create table test_order (id serial primary key, order_no text not null, created_at timestamptz not null default now())`);
    await t.db.execute(
      sql`create table test_order_line (id serial primary key, order_id integer not null references test_order(id), goods text not null, quantity integer not null, price numeric(8, 2) not null)`,
    );
    admin = await t.login('admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('creates an order with its lines and reads them back with the detail, never with the list', async () => {
    const created = (await t.api('POST', PATH, { token: admin, body: { order_no: 'PO-1', lines: [line('网关', 2), line('天线', 1, '12.50')] } })).json();
    expect(created).toMatchObject({
      code: 200,
      data: { order_no: 'PO-1', lines: [{ goods: '网关', quantity: 2, price: '9.90' }, { goods: '天线', quantity: 1, price: '12.50' }] },
    });
    const detail = (await t.api('GET', `${PATH}/${created.data.id}`, { token: admin })).json();
    expect(detail.data.lines.map((l: { goods: string }) => l.goods)).toEqual(['网关', '天线']);
    expect(Object.keys(detail.data.lines[0]).sort()).toEqual(['goods', 'id', 'price', 'quantity']);
    const listed = (await t.api('GET', PATH, { token: admin })).json();
    expect(listed.data[0]).not.toHaveProperty('lines');
  });

  it('replaces the lines on an update that sends them and keeps them on one that does not', async () => {
    const { id } = (await t.api('POST', PATH, { token: admin, body: { order_no: 'PO-2', lines: [line('a'), line('b')] } })).json().data;
    const replaced = (await t.api('PUT', `${PATH}/${id}`, { token: admin, body: { lines: [line('c', 5)] } })).json();
    expect(replaced.data.lines).toMatchObject([{ goods: 'c', quantity: 5 }]);
    const renamed = (await t.api('PUT', `${PATH}/${id}`, { token: admin, body: { order_no: 'PO-2b' } })).json();
    expect(renamed.data).toMatchObject({ order_no: 'PO-2b', lines: [{ goods: 'c' }] });
    const rows = await t.db.select().from(testOrderLine).where(eq(testOrderLine.order_id, id));
    expect(rows.map((r) => r.goods)).toEqual(['c']);
  });

  it('stores nothing when a line is refused: by its schema, by the rule or by the database', async () => {
    const [orders, lines] = [await orderCount(), await lineCount()];
    const badQuantity = await t.api('POST', PATH, { token: admin, body: { order_no: 'PO-3', lines: [line('a'), { ...line('b'), quantity: 0 }] } });
    expect(badQuantity.statusCode).toBe(400);
    expect(badQuantity.json().message).toContain('lines.1.quantity');
    const byRule = await t.api('POST', PATH, { token: admin, body: { order_no: 'PO-3', lines: [line('a'), line('停售')] } });
    expect(byRule.json()).toMatchObject({ code: 300, message: '商品已停售' });
    // numeric(8, 2) holds at most 999999.99: the second line overflows after the order and the first line are written
    const overflow = await t.api('POST', PATH, { token: admin, body: { order_no: 'PO-3', lines: [line('a'), line('b', 1, '12345678')] } });
    expect(overflow.statusCode).toBe(400);
    expect([await orderCount(), await lineCount()]).toEqual([orders, lines]);
  });

  it('deletes an order with its lines', async () => {
    const { id } = (await t.api('POST', PATH, { token: admin, body: { order_no: 'PO-4', lines: [line('a')] } })).json().data;
    expect((await t.api('DELETE', `${PATH}/${id}`, { token: admin })).json()).toMatchObject({ code: 200 });
    expect(await t.db.select().from(testOrderLine).where(eq(testOrderLine.order_id, id))).toEqual([]);
  });
});

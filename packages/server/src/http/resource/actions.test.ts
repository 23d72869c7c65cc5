import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { ACTION, ROLE_CUSTOMER, defineResource } from '@gw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customer, operationLog, role } from '../../db/schema.js';
import { ADMIN_PASSWORD, API, type TestApp, createTestApp } from '../../test/harness.js';
import { ok } from '../reply.js';
import { registerActions } from './actions.js';
import { compileResource } from './compile.js';
import { registerResource } from './register.js';

const PATH = '/test/action-company';

const companyResource = defineResource({
  path: PATH,
  title: '测试公司',
  item: z.object({ id: z.number(), company_name: z.string(), remark: z.string() }),
  labels: { company_name: '公司名称', remark: '备注' },
  sortable: ['id'],
  actions: {
    rename: { title: '改名', permission: 'edit', target: 'row', body: z.object({ suffix: z.string().max(10) }) },
    mark: { title: '标记', permission: 'tag', target: 'bulk', body: z.object({ remark: z.string().max(20) }), confirm: '确定标记?' },
  },
});

describe('declared actions (a test-only resource over the customer table)', () => {
  let t: TestApp;
  let admin: string;
  /** A user of company A whose role holds 查询, 修改 and 打标签 on the resource. */
  let tagger: string;
  /** A user of company A whose role holds 查询 and 修改 only. */
  let editor: string;
  const ids = { A: 0, A1: 0, B: 0 };

  const remarkOf = async (id: number) => (await t.db.select().from(customer).where(eq(customer.id, id)))[0].remark;

  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app, deps) {
        void app.register(
          async (scope) => {
            registerResource(scope, deps, {
              resource: companyResource,
              table: customer,
              scope: 'id',
              actions: {
                rename: {
                  response: z.object({ company_name: z.string() }),
                  run: async (_req, [row], body: { suffix: string }, tx) => {
                    const company_name = `${row.company_name}${body.suffix}`;
                    await tx.update(customer).set({ company_name }).where(eq(customer.id, row.id));
                    return ok({ company_name }, '已改名');
                  },
                },
                mark: async (_req, rows, body: { remark: string }, tx) => {
                  await tx.update(customer).set({ remark: body.remark }).where(inArray(customer.id, rows.map((r) => r.id)));
                  return ok({ marked: rows.length }, `已标记 ${rows.length} 家`);
                },
              },
            });
          },
          { prefix: API },
        );
      },
    });
    admin = await t.login('admin', ADMIN_PASSWORD);
    const add = async (company_name: string, parent_id: number | null = null) =>
      (await t.db.insert(customer).values({ company_name, parent_id }).returning())[0].id;
    ids.A = await add('A');
    ids.A1 = await add('A1', ids.A);
    ids.B = await add('B');
    await t.db.update(role).set({ menus: [{ menu: PATH, action: ACTION.query | ACTION.edit | ACTION.tag }] }).where(eq(role.id, ROLE_CUSTOMER));
    const [limited] = await t.db
      .insert(role)
      .values({ name: '只能修改', menus: [{ menu: PATH, action: ACTION.query | ACTION.edit }] })
      .returning();
    await t.createUser({ username: 'tagger', roles: [ROLE_CUSTOMER], customer_id: ids.A });
    await t.createUser({ username: 'editor', roles: [limited.id], customer_id: ids.A });
    tagger = await t.login('tagger', 'secret-123');
    editor = await t.login('editor', 'secret-123');
  });
  afterAll(() => t.close());

  it('runs a row action on a row of the caller, answering what its handler answers', async () => {
    const res = await t.api('POST', `${PATH}/${ids.A1}/rename`, { token: editor, body: { suffix: '(新)' } });
    expect(res.json()).toEqual({ code: 200, message: '已改名', data: { company_name: 'A1(新)' } });
  });

  it('answers a row action on a foreign or missing id with 404 and runs nothing', async () => {
    for (const id of [ids.B, 999_999]) {
      const res = await t.api('POST', `${PATH}/${id}/rename`, { token: editor, body: { suffix: 'x' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('测试公司不存在');
    }
    const [b] = await t.db.select().from(customer).where(eq(customer.id, ids.B));
    expect(b.company_name).toBe('B');
  });

  it('runs a bulk action on every id, all or nothing', async () => {
    const done = await t.api('POST', `${PATH}/mark`, { token: tagger, body: { ids: [ids.A, ids.A1], remark: '重点' } });
    expect(done.json()).toMatchObject({ code: 200, message: '已标记 2 家', data: { marked: 2 } });
    const foreign = await t.api('POST', `${PATH}/mark`, { token: tagger, body: { ids: [ids.A, ids.B], remark: '越权' } });
    expect(foreign.statusCode).toBe(404);
    expect(await remarkOf(ids.A)).toBe('重点');
    expect(await remarkOf(ids.B)).toBe('');
  });

  it('needs the action’s own permission bit and validates its body', async () => {
    const denied = await t.api('POST', `${PATH}/mark`, { token: editor, body: { ids: [ids.A], remark: 'x' } });
    expect(denied.statusCode).toBe(401);
    const noIds = await t.api('POST', `${PATH}/mark`, { token: admin, body: { ids: [], remark: 'x' } });
    expect(noIds.statusCode).toBe(400);
    expect(noIds.json().message).toContain('ids');
    const tooLong = await t.api('POST', `${PATH}/${ids.A}/rename`, { token: admin, body: { suffix: 'x'.repeat(11) } });
    expect(tooLong.statusCode).toBe(400);
  });

  it('is audited as the caller, like any write', async () => {
    const [{ mark }] = await t.db.select({ mark: operationLog.id }).from(operationLog).orderBy(desc(operationLog.id)).limit(1);
    await t.api('POST', `${PATH}/${ids.A}/rename`, { token: tagger, body: { suffix: '!' } });
    const logs = await t.db
      .select()
      .from(operationLog)
      .where(and(gt(operationLog.id, mark), eq(operationLog.table_name, 'customer'), eq(operationLog.record_id, String(ids.A))));
    expect(logs.at(-1)).toMatchObject({ username: 'tagger', changes: [expect.objectContaining({ key: 'company_name', after: 'A!' })] });
  });

  it('is documented in OpenAPI', () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, { summary?: string }>> }).paths;
    expect(paths[`${API}${PATH}/{id}/rename`].post.summary).toBe('改名');
    expect(paths[`${API}${PATH}/mark`].post.summary).toBe('标记 (确定标记?)');
  });

  it('stops the start when a descriptor action has no handler or a handler no descriptor action', () => {
    const def = compileResource({ resource: companyResource, table: customer });
    const run = async () => ok(null);
    expect(() => registerActions(Fastify(), def, { rename: run })).toThrow(/mark/);
    expect(() => registerActions(Fastify(), def, { rename: run, mark: run, other: run })).toThrow(/other/);
  });
});

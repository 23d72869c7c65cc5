import { eq } from 'drizzle-orm';
import { roleResource } from '@gw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, operationLog, role } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';
import { compileResource } from './compile.js';

const CUSTOMERS = '/manager/custom';

type Node = { id: number; label: string; children?: Node[] };

describe('tree resources (customers and roles)', () => {
  let t: TestApp;
  let admin: string;
  const ids = { A: 0, A1: 0, A2: 0, B: 0 };

  const add = async (company_name: string, parent_id: number | null = null) =>
    (await t.api('POST', CUSTOMERS, { token: admin, body: { company_name, parent_id } })).json().data.id as number;
  const parentOf = async (id: number) => (await t.db.select().from(customer).where(eq(customer.id, id)))[0].parent_id;
  const find = (nodes: Node[], id: number): Node | undefined => {
    for (const node of nodes) {
      const found = node.id === id ? node : find(node.children ?? [], id);
      if (found) return found;
    }
    return undefined;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    ids.A = await add('A 集团');
    ids.A1 = await add('A1 工厂', ids.A);
    ids.A2 = await add('A2 工厂', ids.A);
    ids.B = await add('B 公司');
  });
  afterAll(() => t.close());

  it('re-parents a node by a PUT with only parent_id, as the organisation tree drags it', async () => {
    const moved = await t.api('PUT', `${CUSTOMERS}/${ids.A2}`, { token: admin, body: { parent_id: ids.B } });
    expect(moved.json()).toMatchObject({ code: 200, data: { id: ids.A2, parent_id: ids.B, company_name: 'A2 工厂' } });
    const tree = (await t.api('GET', `${CUSTOMERS}/tree`, { token: admin })).json().data as Node[];
    expect(find(tree, ids.B)?.children).toEqual([{ id: ids.A2, label: 'A2 工厂' }]);
    expect(find(tree, ids.A)?.children).toEqual([{ id: ids.A1, label: 'A1 工厂' }]);
  });

  it('refuses a move below the node itself or a descendant, and a missing parent, changing nothing', async () => {
    for (const parent_id of [ids.A, ids.A1]) {
      const res = await t.api('PUT', `${CUSTOMERS}/${ids.A}`, { token: admin, body: { parent_id } });
      expect(res.json()).toMatchObject({ code: 300, message: '上级公司不能是自己或自己的下级' });
    }
    const missing = await t.api('PUT', `${CUSTOMERS}/${ids.A1}`, { token: admin, body: { parent_id: 999_999 } });
    expect(missing.json()).toMatchObject({ code: 300, message: '上级公司不存在' });
    expect([await parentOf(ids.A), await parentOf(ids.A1)]).toEqual([null, ids.A]);
  });

  it('moves a node by POST {id}/move for whoever may edit 组织架构 alone, audited; its 查询 alone reads the tree (您没有权限访问 beyond)', async () => {
    const roleWith = async (name: string, action: number) =>
      (await t.api('POST', roleResource.path, { token: admin, body: { name, menus: [{ menu: '/manager/organization', action }] } })).json().data.id as number;
    // users of C: their scope is C and everything below it
    const C = await add('C 集团');
    await t.createUser({ username: 'org-editor', password: 'org-editor-pass', customer_id: C, roles: [await roleWith('组织架构维护', 1 | 4)] });
    await t.createUser({ username: 'org-viewer', password: 'org-viewer-pass', customer_id: C, roles: [await roleWith('组织架构查看', 1)] });
    const editor = await t.login('org-editor', 'org-editor-pass');
    const viewer = await t.login('org-viewer', 'org-viewer-pass');
    const [from, to] = [await add('移出', C), await add('移入', C)];

    expect((await t.api('GET', `${CUSTOMERS}/tree`, { token: viewer })).json().code).toBe(200);
    expect((await t.api('GET', CUSTOMERS, { token: viewer })).statusCode).toBe(401);
    expect((await t.api('POST', `${CUSTOMERS}/${from}/move`, { token: viewer, body: { parent_id: to } })).statusCode).toBe(401);
    expect((await t.api('PUT', `${CUSTOMERS}/${from}`, { token: editor, body: { parent_id: to } })).statusCode).toBe(401);

    const moved = await t.api('POST', `${CUSTOMERS}/${from}/move`, { token: editor, body: { parent_id: to } });
    expect(moved.json()).toMatchObject({ code: 200, message: '移动成功', data: { id: from, parent_id: to } });
    expect(await parentOf(from)).toBe(to);
    const change = (await t.db.select().from(operationLog).where(eq(operationLog.record_id, String(from)))).find((r) => r.action === 3);
    expect(change).toMatchObject({ username: 'org-editor', changes: [{ key: 'parent_id', before: C, after: to }] });

    const cycle = await t.api('POST', `${CUSTOMERS}/${to}/move`, { token: editor, body: { parent_id: from } });
    expect(cycle.json()).toMatchObject({ code: 300, message: '上级公司不能是自己或自己的下级' });
    const bad = await t.api('POST', `${CUSTOMERS}/${from}/move`, { token: editor, body: { parent_id: 'x', company_name: 'y' } });
    expect(bad.statusCode).toBe(400);
    const outside = await t.api('POST', `${CUSTOMERS}/${from}/move`, { token: editor, body: { parent_id: ids.B } });
    expect(outside.json()).toMatchObject({ code: 300, message: '上级公司不存在' });
    const top = await t.api('POST', `${CUSTOMERS}/${from}/move`, { token: editor, body: { parent_id: null } });
    expect(top.json()).toMatchObject({ code: 300, message: '只能在本公司下创建或移动下级公司' });
    expect((await t.api('POST', `${CUSTOMERS}/${from}/move`, { token: admin, body: { parent_id: null } })).json().data).toEqual({ id: from, parent_id: null });
    expect(await parentOf(from)).toBeNull();
  });

  it('lets only one of two opposite moves run at once (A under B, B under A)', async () => {
    const [x, y] = [await add('X'), await add('Y')];
    const answers = await Promise.all([
      t.api('PUT', `${CUSTOMERS}/${x}`, { token: admin, body: { parent_id: y } }),
      t.api('PUT', `${CUSTOMERS}/${y}`, { token: admin, body: { parent_id: x } }),
    ]);
    expect(answers.map((a) => a.json().code).sort()).toEqual([200, 300]);
    expect([await parentOf(x), await parentOf(y)].filter((p) => p !== null)).toHaveLength(1);
  });

  it('refuses to delete a node that still has dependants or children, naming how many of each', async () => {
    await t.createUser({ username: 'a-1', customer_id: ids.A });
    await t.createUser({ username: 'a-2', customer_id: ids.A });
    const res = await t.api('DELETE', `${CUSTOMERS}/${ids.A}`, { token: admin });
    expect(res.json()).toMatchObject({ code: 300, message: '该公司下还有 2 个用户、1 个下级公司,不能删除' });
    const bulk = await t.api('DELETE', CUSTOMERS, { token: admin, body: { ids: [ids.A1, ids.A] } });
    expect(bulk.json().code).toBe(300);
    expect(await parentOf(ids.A1)).toBe(ids.A);
  });

  it('gives roles the same tree route', async () => {
    const parent = (await t.api('POST', roleResource.path, { token: admin, body: { name: '运维' } })).json().data;
    const child = (await t.api('POST', roleResource.path, { token: admin, body: { name: '运维-查看', parent_id: parent.id } })).json().data;
    const tree = (await t.api('GET', `${roleResource.path}/tree`, { token: admin })).json().data as Node[];
    expect(find(tree, parent.id)).toEqual({ id: parent.id, label: '运维', children: [{ id: child.id, label: '运维-查看' }] });
  });

  it('stops the start when the descriptor and the declaration disagree about the tree', () => {
    expect(() => compileResource({ resource: roleResource, table: role })).toThrow(/tree/);
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, CUSTOMER_ROLE_MENUS, MENUS, flattenMenus } from '@gw/contracts';
import { role } from '../../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../../test/harness.js';

const MENUS_PATH = '/system/role/menus';

describe('menu tree of the role permission dialog', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('lists the console’s own menu table as a tree on a fresh database, with nothing registered first', async () => {
    const tree = (await t.api('GET', MENUS_PATH, { token: admin })).json().data as { path: string; title: string; children?: { path: string }[] }[];
    expect(tree.map((n) => n.path)).toEqual(MENUS.map((m) => m.path));
    expect(tree[0]).toMatchObject({ path: '/device', title: '设备管理' });
    const count = (nodes: { children?: unknown[] }[]): number => nodes.reduce((n, node) => n + 1 + count((node.children ?? []) as { children?: unknown[] }[]), 0);
    expect(count(tree)).toBe(flattenMenus().length);
  });

  it('lets a role reader list it, nobody else, and no longer takes a menu table from the console', async () => {
    const [reader] = await t.db.insert(role).values({ name: 'reader', menus: [{ menu: '/system/role', action: ACTION.query }] }).returning();
    await t.createUser({ username: 'reader', roles: [reader.id] });
    await t.createUser({ username: 'nobody' });
    expect((await t.api('GET', MENUS_PATH, { token: await t.login('reader', 'secret-123') })).json().code).toBe(200);
    expect((await t.api('GET', MENUS_PATH, { token: await t.login('nobody', 'secret-123') })).statusCode).toBe(401);
    expect((await t.api('POST', '/system/role/sync_menu', { token: admin, body: { menus: [] } })).statusCode).toBe(404);
  });
});

describe('the migrations that give 客户 its menus', () => {
  it('write exactly the contracts’ defaults: 0022’s, then what 0028 adds for remote access', () => {
    const sql = (name: string) => readFileSync(new URL(`../../../../drizzle/${name}.sql`, import.meta.url), 'utf8');
    const first = /SET "menus" = '(\[.*?\])'::jsonb/.exec(sql('0022_customer_role_menus'))?.[1];
    // the entries 0028 appends to role 2 where it does not hold the menu yet
    const added = [...sql('0028_remote_access').matchAll(/SET "menus" = "menus" \|\| '(\[.*?\])'::jsonb[^;]*WHERE "id" = 2/g)].flatMap((m) => JSON.parse(m[1]) as unknown[]);
    expect([...(JSON.parse(first ?? 'null') as unknown[]), ...added]).toEqual(CUSTOMER_ROLE_MENUS);
  });
});

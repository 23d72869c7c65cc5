import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACTION, ALL_ACTIONS, type RoleMenu } from '@gw/contracts';
import { customer, role } from '../db/schema.js';
import { API, type TestApp, createTestApp } from '../test/harness.js';
import { operationsOf } from '../test/hostile.js';
import { declaredAccess } from '../test/route-access.js';
import type { Access } from './types.js';

// every Fastify instance the app builds records its routes' declared access as they are added
vi.mock('fastify', async (importOriginal) => (await import('../test/route-access.js')).recordingFastify(importOriginal));

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

const UNUSED_ID = '2000000000';
const NO_PERMISSION = { code: 401, message: '您没有权限访问', data: null };
const isNoPermission = (res: Res) => res.statusCode === 401 && res.body.includes(NO_PERMISSION.message);
/** The body code of a JSON envelope, or undefined for any other body (a file, a picture). */
const codeOf = (res: Res): unknown => {
  try {
    return res.json<{ code?: unknown }>().code;
  } catch {
    return undefined;
  }
};

/**
 * Operations anyone may call: logging in, what the login page reads before it, and a box's firmware download
 * (its signed link is the permission).
 */
const PUBLIC = [
  'GET /system/version/{id}/download',
  'GET /tools/captcha',
  'GET /tools/config',
  'GET /tools/license/public_key',
  'POST /user/login',
];
/**
 * Operations of any logged-in user, whatever the roles: the own account, session and WeChat binding, the shared
 * tools (dictionaries, map, upload, downloads) and an export's file (its job is the user's own: isolation-walk).
 */
const SESSION = [
  'DELETE /user/logout',
  'GET /manager/export/{id}/download',
  'GET /tools/custom_map',
  'GET /tools/dictionary',
  'GET /tools/downloads',
  'GET /user/custom_info',
  'GET /user/info',
  'POST /tools/upload',
  'POST /user/switch_role',
  'POST /user/wechat/bind_code',
  'POST /user/wechat/unbind',
  'PUT /user/custom_info',
  'PUT /user/info',
];

/**
 * Every operation of the OpenAPI document that needs a menu bit is called by a user whose role holds every bit
 * of every menu except that one: the guard must refuse it (HTTP 401 with 您没有权限访问, the contract's answer
 * for a missing bit) — and let the same user through once the bit is back. The bits come from the routes' own
 * declarations. A body that cannot parse rides on every write, so a request the guard lets through stops at the
 * parser (400) and no handler changes anything.
 */
describe('every route refuses a role that lacks its bit', () => {
  let t: TestApp;
  let token: string;
  let roleId: number;
  const ops: { op: string; url: string; method: string; access: Access }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const doc = t.app.swagger() as unknown as Parameters<typeof operationsOf>[0];
    for (const op of operationsOf(doc, API)) {
      const route = `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`;
      const access = declaredAccess.get(route);
      if (!access) throw new Error(`${route} has no recorded access`);
      ops.push({ op: `${op.method} ${op.path.slice(API.length)}`, method: op.method, url: op.path.replace(/\{\w+\}/g, UNUSED_ID), access });
    }
    // the platform's own company: its staff see every row, so only the bits decide
    const [{ id: vendor }] = await t.db.select({ id: customer.id }).from(customer).where(eq(customer.is_vendor, true));
    [{ id: roleId }] = await t.db.insert(role).values({ name: '逐路由权限', menus: [] }).returning({ id: role.id });
    await t.createUser({ username: 'walker', password: 'secret-123', roles: [roleId], customer_id: vendor });
    token = await t.login('walker', 'secret-123');
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, withToken = true) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(withToken ? { token } : {}), ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      ...(method === 'GET' ? {} : { payload: '{' }),
    });
  /** Gives the walker's role these menus; the sessions this node remembers are forgotten so it counts at once. */
  const grant = async (menus: RoleMenu[]) => {
    await t.db.update(role).set({ menus }).where(eq(role.id, roleId));
    t.deps.sessions.forgetAll();
  };
  const menusOf = (access: Access) => (typeof access === 'string' ? [] : [access.menu].flat());

  it('names the public and the session-only operations, and lets them through as declared', async () => {
    const named = (kind: 'public' | 'session') => ops.filter((o) => o.access === kind).map((o) => o.op).sort();
    expect(named('public')).toEqual(PUBLIC);
    expect(named('session')).toEqual(SESSION);
    await grant([]);
    for (const o of ops.filter((x) => x.access === 'public')) {
      const res = await call(o.method, o.url, false);
      expect(codeOf(res), o.op).not.toBe(401);
    }
    for (const o of ops.filter((x) => x.access === 'session')) {
      const res = await call(o.method, o.url);
      expect(isNoPermission(res), o.op).toBe(false);
      expect(codeOf(res), o.op).not.toBe(401);
    }
  });

  it('refuses each bit to a role holding every other bit, and grants it with the bit', async () => {
    const guarded = ops.filter((o) => typeof o.access !== 'string');
    expect(guarded.length).toBeGreaterThan(150);
    const allMenus = [...new Set(guarded.flatMap((o) => menusOf(o.access)))];
    const everything = allMenus.map((menu) => ({ menu, action: ALL_ACTIONS }));

    await grant(everything);
    const refusedWithAll = [];
    for (const o of guarded) if (isNoPermission(await call(o.method, o.url))) refusedWithAll.push(o.op);
    expect(refusedWithAll).toEqual([]);

    // one role per distinct (menus, bit), not per route
    const groups = new Map<string, typeof guarded>();
    for (const o of guarded) {
      const access = o.access as Exclude<Access, string>;
      const key = `${menusOf(access).sort().join(',')}|${access.action}`;
      groups.set(key, [...(groups.get(key) ?? []), o]);
    }
    const letThrough: string[] = [];
    for (const group of groups.values()) {
      const access = group[0].access as Exclude<Access, string>;
      const lacking = new Set(menusOf(access));
      await grant(everything.map((m) => (lacking.has(m.menu) ? { menu: m.menu, action: ALL_ACTIONS & ~ACTION[access.action] } : m)));
      for (const o of group) {
        const res = await call(o.method, o.url);
        if (!isNoPermission(res) || JSON.stringify(res.json()) !== JSON.stringify(NO_PERMISSION)) letThrough.push(`${o.op} without ${access.action}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(letThrough).toEqual([]);
    console.info(`permission walk: ${ops.length} operations, ${guarded.length} guarded by ${groups.size} (menus, bit) pairs on ${allMenus.length} menus`);
  });
});

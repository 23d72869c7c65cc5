import { eq, inArray } from 'drizzle-orm';
import {
  ALL_ACTIONS,
  DEVICE_PATH,
  DEVICE_SHORT_URL_PATH,
  GOODS_PATH,
  MACHINE_PATH,
  SELL_ORDER_PATH,
  TAG_PATH,
  flattenMenus,
} from '@gw/contracts';
import { customer, debugClient, debugSession, deviceFlow, license, loginLog, operationLog, remoteSession, role, shortUrl, wechatNotice } from '../db/schema.js';
import { ADMIN_PASSWORD, type TestApp } from './harness.js';
import { licenseBox } from './license.js';
import { line } from './order.js';

/** Every name of tree A holds this: a response or a file of tree B that contains it has leaked A's data. */
export const MARK = 'ALPHAQ';

/** Tree A's rows of each customer-owned kind, by id. */
export interface TreeRows {
  customer: number;
  child: number;
  user: number;
  box: number;
  childBox: number;
  machine: number;
  tag: number;
  flow: number;
  licence: number;
  sellOrder: number;
  exportJob: number;
  debugSession: number;
  debugClient: number;
  remoteSession: number;
  notice: number;
  shortUrl: number;
  operationLog: number;
  loginLog: number;
}

export interface Trees {
  admin: string;
  /** The vendor's goods (设备类型) every box is of. */
  goods: number;
  /** Tree A (company with a child company) and tree B, each with a user holding every bit of every menu. */
  a: TreeRows;
  b: { customer: number; user: number; box: number; machine: number };
  tokenA: string;
  tokenB: string;
  gateways: { a: string; b: string };
  secrets: Record<string, string>;
}

const ok = async <T>(what: string, res: Promise<{ json(): unknown; body: string }>): Promise<T> => {
  const r = await res;
  const body = r.json() as { code: number; data: T };
  if (body.code !== 200) throw new Error(`${what}: ${r.body}`);
  return body.data;
};

/**
 * Two customer trees made through the API as the vendor and the customers would: A (甲, with a child company)
 * and B (乙), each with boxes, a licensed machine tool, a tag, a user holding every bit of every menu; A also has
 * a sell order, an export, a debug session, a WeChat notice, a box short link and log rows. Every name of A
 * carries MARK.
 */
export async function twoTrees(t: TestApp): Promise<Trees> {
  const admin = await t.login('admin', ADMIN_PASSWORD);
  const company = async (company_name: string, parent_id: number | null = null) =>
    (await t.db.insert(customer).values({ company_name, parent_id }).returning({ id: customer.id }))[0].id;
  const a = await company(`甲${MARK}集团`);
  const a1 = await company(`甲${MARK}一厂`, a);
  const b = await company('乙BETA公司');
  const menus = flattenMenus().map((m) => ({ menu: m.path, action: ALL_ACTIONS }));
  const [{ id: roleId }] = await t.db.insert(role).values({ name: '客户全权', menus }).returning({ id: role.id });
  const userA = await t.createUser({ username: `${MARK.toLowerCase()}-user`, roles: [roleId], customer_id: a });
  const userB = await t.createUser({ username: 'beta-user', roles: [roleId], customer_id: b });
  const tokenA = await t.login(`${MARK.toLowerCase()}-user`, 'secret-123');
  const tokenB = await t.login('beta-user', 'secret-123');

  const goods = await ok<{ id: number }>('goods', t.api('POST', GOODS_PATH, { token: admin, body: { name: '网关(4G)', code: 'G4', price: '1280.5' } }));
  const secrets: Record<string, string> = {};
  const box = async (gateway_id: string, owner: number | null) => {
    const made = await ok<{ id: number; secret: string }>(gateway_id, t.api('POST', DEVICE_PATH, { token: admin, body: { gateway_id, name: gateway_id, goods_id: goods.id } }));
    secrets[gateway_id] = made.secret;
    if (owner) await ok('assign', t.api('POST', `${DEVICE_PATH}/assign`, { token: admin, body: { ids: [made.id], customer_id: owner } }));
    return made.id;
  };
  const gateways = { a: `${MARK}-1`, b: 'BETA-1' };
  const boxA = await box(gateways.a, a);
  const boxA1 = await box(`${MARK}-2`, a1);
  const boxB = await box(gateways.b, b);
  await box('STOCK-1', null);

  const machine = async (token: string, device_id: number, code: string) => {
    await licenseBox(t, admin, device_id, [{ model: 'all', count: 5 }]);
    return (await ok<{ id: number }>(code, t.api('POST', MACHINE_PATH, { token, body: { device_id, code, name: code, category: 'fanuc' } }))).id;
  };
  const machineA = await machine(tokenA, boxA, `${MARK}-M1`);
  const machineB = await machine(tokenB, boxB, 'BETA-M1');
  await ok('plan', t.api('PUT', `${MACHINE_PATH}/${machineA}/plan`, { token: tokenA, body: { shifts: null, ideal_cycle_s: 5 } }));
  const tag = (await ok<{ id: number }>('tag', t.api('POST', TAG_PATH, { token: tokenA, body: { name: `${MARK}-T` } }))).id;
  await ok('tag box', t.api('POST', `${DEVICE_PATH}/tag`, { token: tokenA, body: { ids: [boxA], tag_ids: [tag], mode: 'add' } }));
  const sell = await ok<{ id: number }>(
    'sell order',
    t.api('POST', SELL_ORDER_PATH, { token: admin, body: { order_date: '2026-11-23', customer_id: a, remark: MARK, lines: [line(goods.id, ['STOCK-1'])] } }),
  );
  const job = await ok<{ id: number }>('export', t.api('POST', `${DEVICE_PATH}/export`, { token: tokenA, body: {} }));
  // short links are the vendor's to make (customers may not): one for A's box
  await ok('short link', t.api('POST', DEVICE_SHORT_URL_PATH, { token: admin, body: { ids: [boxA] } }));

  const [{ id: debug }] = await t.db
    .insert(debugSession)
    .values({ device_id: boxA, gateway_id: gateways.a, customer_id: a, operator_id: userA, operator: `${MARK.toLowerCase()}-user` })
    .returning({ id: debugSession.id });
  // an engineer's client of A's user and a session of it on A's box (no hub needed to hold them)
  const [client] = await t.db
    .insert(debugClient)
    .values({ name: `${MARK} 笔记本`, location: MARK, address: '10.9.0.2', public_key: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAE=', user_id: userA, customer_id: a })
    .returning();
  const now = new Date();
  const [{ id: session }] = await t.db
    .insert(remoteSession)
    .values({
      // ended already: box A has no licence with vpn, and the sweep would end a session still open while the walk runs
      status: 'ended',
      end_reason: 'closed',
      ended_at: now,
      client_id: client.id,
      client_name: client.name,
      client_address: '10.9.0.2',
      client_public_key: client.public_key,
      user_id: userA,
      username: `${MARK.toLowerCase()}-user`,
      device_id: boxA,
      gateway_id: gateways.a,
      customer_id: a,
      minutes: 120,
      needs_approval: false,
      requested_at: now,
    })
    .returning({ id: remoteSession.id });
  const [{ id: notice }] = await t.db
    .insert(wechatNotice)
    // not sent (the sender leaves it alone): what a 重发 by the wrong user would change
    .values({ kind: 'alarm', user_id: userA, openid: `o-${MARK}`, title: `${MARK} 报警`, content: `${MARK}-M1 报警`, dedupe: `${MARK}-alarm`, state: 'unsent', attempts: 1, reason: '未关注' })
    .returning({ id: wechatNotice.id });
  const first = async <T extends { id: number }>(rows: Promise<T[]>, what: string) => {
    const [row] = await rows;
    if (!row) throw new Error(`no ${what} of tree A`);
    return row.id;
  };
  return {
    admin,
    goods: goods.id,
    a: {
      customer: a,
      child: a1,
      user: userA,
      box: boxA,
      childBox: boxA1,
      machine: machineA,
      tag,
      flow: await first(t.db.select({ id: deviceFlow.id }).from(deviceFlow).where(eq(deviceFlow.device_id, boxA)), 'flow'),
      licence: await first(t.db.select({ id: license.id }).from(license).where(eq(license.device_id, boxA)), 'licence'),
      sellOrder: sell.id,
      exportJob: job.id,
      debugSession: debug,
      debugClient: client.id,
      remoteSession: session,
      notice,
      shortUrl: await first(t.db.select({ id: shortUrl.id }).from(shortUrl).where(eq(shortUrl.device_id, boxA)), 'short link'),
      operationLog: await first(t.db.select({ id: operationLog.id }).from(operationLog).where(inArray(operationLog.customer_id, [a, a1])), 'operation log'),
      loginLog: await first(t.db.select({ id: loginLog.id }).from(loginLog).where(eq(loginLog.user_id, userA)), 'login log'),
    },
    b: { customer: b, user: userB, box: boxB, machine: machineB },
    tokenA,
    tokenB,
    gateways,
    secrets,
  };
}

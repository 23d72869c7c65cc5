import { ALL_ACTIONS, DEVICE_FLOW_PATH, DEVICE_PATH, EXPORT_PATH, GOODS_PATH, MACHINE_MENU, TAG_PATH, TRAFFIC_PATH, menuPath } from '@gw/contracts';
import { customer, role } from '../db/schema.js';
import { ADMIN_PASSWORD, type TestApp } from './harness.js';

/** The fleet menus a customer's role is granted in the tests, every bit. */
const FLEET_MENUS = [DEVICE_PATH, MACHINE_MENU, TAG_PATH, GOODS_PATH, DEVICE_FLOW_PATH, menuPath('customer'), EXPORT_PATH, TRAFFIC_PATH];

export interface FleetWorld {
  admin: string;
  /** Company A with its child A1, and the unrelated company B. */
  a: number;
  a1: number;
  b: number;
  /** Logged-in users of A and of B, with every bit on the fleet menus. */
  userA: string;
  userB: string;
  goodsId: number;
  /** Boxes: two of A (one of them in A1), one of B, one still in stock with the vendor. */
  boxes: { a: number; a1: number; b: number; stock: number };
  secrets: Record<string, string>;
}

/** Two customer trees with users and boxes, made through the API as an administrator would. */
export async function fleetWorld(t: TestApp, prefix = 'W'): Promise<FleetWorld> {
  const admin = await t.login('admin', ADMIN_PASSWORD);
  const company = async (company_name: string, parent_id: number | null = null) =>
    (await t.db.insert(customer).values({ company_name, parent_id }).returning({ id: customer.id }))[0].id;
  const a = await company(`${prefix} 甲集团`);
  const a1 = await company(`${prefix} 甲一厂`, a);
  const b = await company(`${prefix} 乙公司`);
  const [{ id: roleId }] = await t.db
    .insert(role)
    .values({ name: `${prefix} 客户运维`, menus: FLEET_MENUS.map((menu) => ({ menu, action: ALL_ACTIONS })) })
    .returning({ id: role.id });
  await t.createUser({ username: `${prefix.toLowerCase()}-user-a`, password: 'secret-123', roles: [roleId], customer_id: a });
  await t.createUser({ username: `${prefix.toLowerCase()}-user-b`, password: 'secret-123', roles: [roleId], customer_id: b });
  const userA = await t.login(`${prefix.toLowerCase()}-user-a`, 'secret-123');
  const userB = await t.login(`${prefix.toLowerCase()}-user-b`, 'secret-123');

  const goods = await t.api('POST', GOODS_PATH, { token: admin, body: { name: `${prefix} 网关(4G)`, code: `${prefix}-G4`, price: '1280.5' } });
  const goodsId = goods.json().data.id as number;
  const secrets: Record<string, string> = {};
  const box = async (gateway_id: string) => {
    const res = await t.api('POST', DEVICE_PATH, { token: admin, body: { gateway_id, name: gateway_id, goods_id: goodsId } });
    const body = res.json();
    if (body.code !== 200) throw new Error(`create ${gateway_id}: ${res.body}`);
    secrets[gateway_id] = body.data.secret;
    return body.data.id as number;
  };
  const boxes = { a: await box(`${prefix}-A`), a1: await box(`${prefix}-A1`), b: await box(`${prefix}-B`), stock: await box(`${prefix}-S`) };
  const assign = async (ids: number[], customer_id: number) => {
    const res = await t.api('POST', `${DEVICE_PATH}/assign`, { token: admin, body: { ids, customer_id } });
    if (res.json().code !== 200) throw new Error(`assign: ${res.body}`);
  };
  await assign([boxes.a], a);
  await assign([boxes.a1], a1);
  await assign([boxes.b], b);
  return { admin, a, a1, b, userA, userB, goodsId, boxes, secrets };
}

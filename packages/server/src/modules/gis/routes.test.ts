import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, CUSTOM_MAP_PATH, DEVICE_PATH, GIS_PATH, type GisBoxes, type GisState, type LngLat, type MachineState } from '@gw/contracts';
import { customer, device, goods, machineLatest, machineTool, role } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';
import { mapRegion, provinceCentre } from './regions.js';

/**
 * The GIS map: customers per province and boxes as points, as the vendor and as a customer's users see them.
 * Company A (广东省) has A1 (荔湾区, 广州) and A2 (东城区, 北京) below it; B is in 深圳; C has no region, D one the
 * dictionary does not know. The vendor's own record is in 广东 too and must not count.
 */
describe('GIS map', () => {
  let t: TestApp;
  let admin: string;
  let userA: string;
  let userB: string;
  let noMap: string;
  const co = { vendor: 0, a: 0, a1: 0, a2: 0, b: 0, c: 0, d: 0 };
  const box: Record<string, number> = {};
  let goodsId = 0;

  const centre = (areaId: number): LngLat => mapRegion(areaId)!.centre;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    const company = async (company_name: string, area_id: number, parent_id: number | null = null) =>
      (await t.db.insert(customer).values({ company_name, area_id, parent_id }).returning({ id: customer.id }))[0].id;
    [{ id: co.vendor }] = await t.db.update(customer).set({ area_id: 19 }).where(eq(customer.is_vendor, true)).returning({ id: customer.id });
    co.a = await company('甲集团', 19);
    co.a1 = await company('甲一厂', 440103, co.a);
    co.a2 = await company('甲二厂', 110101, co.a);
    co.b = await company('乙公司', 4403);
    co.c = await company('丙公司', 0);
    co.d = await company('丁公司', 999_999_999);

    const roleWith = async (name: string, menu: string) =>
      (await t.db.insert(role).values({ name, menus: [{ menu, action: ACTION.query }] }).returning({ id: role.id }))[0].id;
    const mapRole = await roleWith('看地图', GIS_PATH);
    const listRole = await roleWith('只看设备', DEVICE_PATH);
    await t.createUser({ username: 'map-a', roles: [mapRole], customer_id: co.a });
    await t.createUser({ username: 'map-b', roles: [mapRole], customer_id: co.b });
    await t.createUser({ username: 'list-a', roles: [listRole], customer_id: co.a });
    userA = await t.login('map-a', 'secret-123');
    userB = await t.login('map-b', 'secret-123');
    noMap = await t.login('list-a', 'secret-123');

    [{ id: goodsId }] = await t.db.insert(goods).values({ name: '网关(4G)', code: 'GIS-G4' }).returning({ id: goods.id });
    let ip = 1;
    const addBox = async (name: string, values: { customer_id: number; address?: string; area_id?: number; online?: boolean; goods_id?: number }, machines: MachineState[] = []) => {
      const [row] = await t.db
        .insert(device)
        .values({ gateway_id: `GIS-${name}`, name, secret_hash: 'x', ...values })
        .returning({ id: device.id });
      for (const state of machines) {
        const [tool] = await t.db
          .insert(machineTool)
          .values({ device_id: row.id, code: `M${ip}`, category: 'fanuc', ip: `10.99.0.${ip++}` })
          .returning({ id: machineTool.id });
        const now = new Date();
        await t.db.insert(machineLatest).values({ machine_tool_id: tool.id, device_id: row.id, ts: now, values: {}, state, state_since: now });
      }
      box[name] = row.id;
    };
    // the address's coordinates win over the region; the text itself may hold '|'
    await addBox('a-running', { customer_id: co.a, address: '广州|天河|113.3|23.1', area_id: 4401, online: true, goods_id: goodsId }, ['running', 'idle']);
    // no coordinates: the region's centre (the district's city, 广州市)
    await addBox('a1-alarm', { customer_id: co.a1, address: '荔湾某厂', area_id: 440103, online: true }, ['running', 'alarm']);
    // neither: unplaced, but counted
    await addBox('a2-idle', { customer_id: co.a2, address: '某地||', area_id: 0, online: true }, ['idle']);
    await addBox('a-idle', { customer_id: co.a, address: '|113.5|22.5', online: true });
    // a longitude out of range is no position: the region's centre instead; offline beats any machine's alarm
    await addBox('b-offline', { customer_id: co.b, address: '深圳|200|22.5', area_id: 4403, online: false }, ['alarm']);
    await addBox('stock', { customer_id: co.vendor });
  });
  afterAll(() => t.close());

  const boxes = async (token: string, query = '') => {
    const res = await t.api('GET', `${GIS_PATH}${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as GisBoxes;
  };
  const ids = (answer: GisBoxes) => answer.points.map((p) => p[0]);
  const point = (name: string, at: LngLat, state: GisState) => [box[name], at[0], at[1], state];

  it('counts the customers of each province, the vendor not among them', async () => {
    const res = await t.api('GET', CUSTOM_MAP_PATH, { token: admin });
    expect(res.json()).toEqual({
      code: 200,
      message: '成功',
      data: {
        data: [
          { name: '广东', value: 3 },
          { name: '北京', value: 1 },
        ],
        geo: { 广东: provinceCentre('广东'), 北京: provinceCentre('北京') },
      },
    });
    expect(provinceCentre('广东')).toEqual([113.280637, 23.125178]);
  });

  it('counts for a customer user only its own subtree, map menu or not', async () => {
    expect((await t.api('GET', CUSTOM_MAP_PATH, { token: userA })).json().data.data).toEqual([
      { name: '广东', value: 2 },
      { name: '北京', value: 1 },
    ]);
    expect((await t.api('GET', CUSTOM_MAP_PATH, { token: noMap })).json().data.data).toHaveLength(2);
    expect((await t.api('GET', CUSTOM_MAP_PATH, { token: userB })).json().data).toEqual({ data: [{ name: '广东', value: 1 }], geo: { 广东: provinceCentre('广东') } });
    expect((await t.api('GET', CUSTOM_MAP_PATH)).json().code).toBe(401);
  });

  it('places every box by its address, else its region, and counts those with neither', async () => {
    expect(await boxes(admin)).toEqual({
      points: [
        point('a-running', [113.3, 23.1], 'running'),
        point('a1-alarm', centre(4401), 'alarm'),
        point('a-idle', [113.5, 22.5], 'idle'),
        point('b-offline', centre(4403), 'offline'),
      ],
      total: 6,
      unplaced: 2,
    });
    expect(centre(440103)).toEqual(centre(4401));
  });

  it('filters by state, customer subtree and device type', async () => {
    expect(await boxes(admin, '?state=alarm')).toEqual({ points: [point('a1-alarm', centre(4401), 'alarm')], total: 1, unplaced: 0 });
    expect(await boxes(admin, '?state=offline')).toEqual({ points: [point('b-offline', centre(4403), 'offline')], total: 2, unplaced: 1 });
    expect((await boxes(admin, '?state=idle')).total).toBe(2);
    expect(ids(await boxes(admin, `?customer_id=${co.a1}`))).toEqual([box['a1-alarm']]);
    expect(await boxes(admin, `?customer_id=${co.a}`)).toMatchObject({ total: 4, unplaced: 1 });
    expect(ids(await boxes(admin, `?goods_id=${goodsId}&state=running`))).toEqual([box['a-running']]);
    expect(await boxes(admin, `?goods_id=${goodsId}&state=idle`)).toEqual({ points: [], total: 0, unplaced: 0 });
  });

  it('shows a customer user only the boxes of its subtree, whatever the filters name', async () => {
    const mine = await boxes(userA);
    expect(ids(mine)).toEqual([box['a-running'], box['a1-alarm'], box['a-idle']]);
    expect(mine).toMatchObject({ total: 4, unplaced: 1 });
    expect(await boxes(userA, `?customer_id=${co.b}`)).toEqual({ points: [], total: 0, unplaced: 0 });
    expect(await boxes(userB, `?customer_id=${co.a}`)).toEqual({ points: [], total: 0, unplaced: 0 });
    expect((await boxes(userB)).points).toEqual([point('b-offline', centre(4403), 'offline')]);
  });

  it('refuses a user without the map menu and a bad filter', async () => {
    const denied = await t.api('GET', GIS_PATH, { token: noMap });
    expect(denied.statusCode).toBe(401);
    expect(denied.json().message).toBe('您没有权限访问');
    for (const query of ['?state=busy', '?customer_id=abc', '?goods_id=0']) {
      const res = await t.api('GET', `${GIS_PATH}${query}`, { token: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/^参数错误 /);
    }
    expect((await t.api('GET', `${GIS_PATH}?state=busy`, { token: admin })).json().message).toContain('状态只能是 running、idle、alarm 或 offline');
  });
});

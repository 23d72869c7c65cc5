import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, CONFIG_KEY, MACHINE_MENU, OEE_DEFAULT_SHIFTS, type MachineOeeView, machineOeePath } from '@gw/contracts';
import { config, customer, device, machineScrap, machineTool, operationLog, role } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

const dayShift = { name: '白班', start: '08:00', end: '20:00' };

/** 计划设置 and 报废数 of a machine tool: defaults from 通用配置, what a plan may be, and who may see or write it. */
describe('机床 OEE plan and scrap', () => {
  let t: TestApp;
  let admin = '';
  let userA = '';
  let userB = '';
  let viewer = '';
  let machine = 0;
  const today = () => new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    const company = async (company_name: string) => (await t.db.insert(customer).values({ company_name }).returning({ id: customer.id }))[0].id;
    const [a, b] = [await company('甲公司'), await company('乙公司')];
    const roleWith = async (name: string, action: number) =>
      (await t.db.insert(role).values({ name, menus: [{ menu: MACHINE_MENU, action }] }).returning({ id: role.id }))[0].id;
    const editor = await roleWith('机床运维', ACTION.query | ACTION.edit);
    const reader = await roleWith('只看机床', ACTION.query);
    await t.createUser({ username: 'plan-a', roles: [editor], customer_id: a });
    await t.createUser({ username: 'plan-b', roles: [editor], customer_id: b });
    await t.createUser({ username: 'plan-view', roles: [reader], customer_id: a });
    [userA, userB, viewer] = [await t.login('plan-a', 'secret-123'), await t.login('plan-b', 'secret-123'), await t.login('plan-view', 'secret-123')];
    const [box] = await t.db.insert(device).values({ gateway_id: 'PLAN-A', name: 'PLAN-A', secret_hash: 'x', customer_id: a }).returning({ id: device.id });
    [{ id: machine }] = await t.db.insert(machineTool).values({ device_id: box.id, code: 'P1', name: 'P1', category: 'fanuc', ip: '10.95.0.1' }).returning({ id: machineTool.id });
  });
  afterAll(() => t.close());

  const call = (method: string, view: MachineOeeView, token = userA, body?: unknown, id = machine) => t.api(method, machineOeePath(id, view), { token, body });
  const plan = async () => (await call('GET', 'plan')).json().data;
  const setConfig = (key: string, value: string) => t.db.update(config).set({ value }).where(eq(config.key, key));

  it('answers the defaults from 通用配置 while the machine tool has no plan, the built-in ones when those are bad', async () => {
    expect(await plan()).toEqual({ shifts: null, ideal_cycle_s: null, defaults: { shifts: OEE_DEFAULT_SHIFTS, ideal_cycle_s: 60 } });
    await setConfig(CONFIG_KEY.oeeShifts, JSON.stringify([{ name: '全天', start: '00:00', end: '00:00' }]));
    await setConfig(CONFIG_KEY.oeeIdealCycle, '45');
    expect((await plan()).defaults).toEqual({ shifts: [{ name: '全天', start: '00:00', end: '00:00' }], ideal_cycle_s: 45 });
    const oee = (await call('GET', 'oee')).json().data;
    const midnight = Date.parse(`${today()}T00:00:00+08:00`);
    // one 24-hour shift from China midnight, planned up to now
    expect(oee).toMatchObject({ ideal_cycle_s: 45, shifts: [{ name: '全天', start: new Date(midnight).toISOString(), end: new Date(midnight + 86_400_000).toISOString() }] });
    await setConfig(CONFIG_KEY.oeeShifts, 'not json');
    await setConfig(CONFIG_KEY.oeeIdealCycle, '-3');
    expect((await plan()).defaults).toEqual({ shifts: OEE_DEFAULT_SHIFTS, ideal_cycle_s: 60 });
    expect((await call('GET', 'oee')).json().data.shifts.map((s: { name: string }) => s.name)).toEqual(['白班', '夜班']);
  });

  it('saves a plan of its own, and null goes back to the default', async () => {
    const res = await call('PUT', 'plan', userA, { shifts: [dayShift], ideal_cycle_s: 42.5 });
    expect(res.json()).toMatchObject({ code: 200, data: { shifts: [dayShift], ideal_cycle_s: 42.5 } });
    expect(await plan()).toMatchObject({ shifts: [dayShift], ideal_cycle_s: 42.5 });
    await call('PUT', 'plan', userA, { shifts: null, ideal_cycle_s: 30 });
    expect(await plan()).toMatchObject({ shifts: null, ideal_cycle_s: 30 });
    await call('PUT', 'plan', userA, { shifts: null, ideal_cycle_s: null });
    expect(await plan()).toMatchObject({ shifts: null, ideal_cycle_s: null });
    // 操作日志: each change under the machine tool, by who made it (added, modified twice, removed)
    const logged = await t.db.select().from(operationLog).where(eq(operationLog.table_name, 'machine_plan')).orderBy(operationLog.id);
    expect(logged.map((r) => [r.action, Number(r.record_id), r.username])).toEqual([
      [1, machine, 'plan-a'],
      [3, machine, 'plan-a'],
      [2, machine, 'plan-a'],
    ]);
  });

  it('refuses a bad plan with 400 in Chinese and keeps the one it had', async () => {
    const bad: [unknown, RegExp][] = [
      [{ shifts: [{ name: '白班', start: '8:00', end: '20:00' }], ideal_cycle_s: 60 }, /HH:mm/],
      [{ shifts: [dayShift, { name: '白班', start: '20:00', end: '08:00' }], ideal_cycle_s: 60 }, /班次名称重复/],
      [{ shifts: [dayShift, { name: '夜班', start: '19:00', end: '09:00' }], ideal_cycle_s: 60 }, /班次时间重叠/],
      [{ shifts: [{ name: ' ', start: '08:00', end: '09:00' }], ideal_cycle_s: 60 }, /班次名称不能为空/],
      [{ shifts: [], ideal_cycle_s: 60 }, /至少需要一个班次/],
      [{ shifts: ['1', '2', '3', '4', '5'].map((n) => ({ name: n, start: `0${n}:00`, end: `0${n}:30` })), ideal_cycle_s: 60 }, /最多 4 个班次/],
      [{ shifts: null, ideal_cycle_s: 0 }, /理想节拍应大于 0 秒/],
      [{ shifts: null }, /参数错误/],
    ];
    for (const [body, message] of bad) {
      const res = await call('PUT', 'plan', userA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await plan()).toMatchObject({ shifts: null, ideal_cycle_s: null });
  });

  it("records scrap only for one of the machine tool's shifts, on a day that has come", async () => {
    expect((await call('PUT', 'scrap', userA, { date: today(), shift: '夜班', count: 3 })).json().code).toBe(200);
    const stored = await t.db.select().from(machineScrap).where(eq(machineScrap.machine_tool_id, machine));
    expect(stored).toMatchObject([{ day: today(), shift: '夜班', count: 3 }]);
    const other = await call('PUT', 'scrap', userA, { date: today(), shift: '中班', count: 3 });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/没有「中班」.*白班、夜班/);
    expect((await call('PUT', 'scrap', userA, { date: '2999-01-01', shift: '夜班', count: 1 })).statusCode).toBe(400);
    expect((await call('PUT', 'scrap', userA, { date: today(), shift: '夜班', count: -1 })).statusCode).toBe(400);
    await call('PUT', 'scrap', userA, { date: today(), shift: '夜班', count: 0 });
    expect(await t.db.select().from(machineScrap).where(eq(machineScrap.machine_tool_id, machine))).toEqual([]);
  });

  it('answers another customer as if the machine tool did not exist, and a reader may not write', async () => {
    const writes: [string, MachineOeeView, unknown][] = [
      ['GET', 'oee', undefined],
      ['GET', 'plan', undefined],
      ['PUT', 'plan', { shifts: null, ideal_cycle_s: 5 }],
      ['PUT', 'scrap', { date: today(), shift: '白班', count: 1 }],
    ];
    for (const [method, view, body] of writes) {
      const theirs = await call(method, view, userB, body);
      expect(theirs.statusCode, `${method} ${view}`).toBe(404);
      expect(theirs.json().message).toBe('机床不存在');
      expect((await call(method, view, admin, body, 999_999)).statusCode).toBe(404);
    }
    expect((await call('PUT', 'plan', viewer, { shifts: null, ideal_cycle_s: 5 })).statusCode).toBe(401);
    expect((await call('GET', 'plan', viewer)).statusCode).toBe(200);
    expect(await plan()).toMatchObject({ ideal_cycle_s: null });
  });
});

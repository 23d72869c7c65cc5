import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTION,
  DEVICE_PATH,
  MACHINE_ALARMS_TODAY_PATH,
  MACHINE_MENU,
  MACHINE_PATH,
  MACHINE_STATES_PATH,
  type MachineRealtime,
  type MachineState,
  type MachineTool,
  type TodayAlarms,
} from '@gw/contracts';
import { customer, device, machineAlarm, machineLatest, machineTool, role } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

const HOUR = 3_600_000;

/** Midnight of today in China as the calendar there shows it (read through Intl, not by the route's arithmetic). */
function chinaMidnight(now: Date): number {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);
  return Date.parse(`${day}T00:00:00+08:00`);
}

/**
 * 首页's machine tool cards. Company A has A1 below it and B is unrelated. A's online box has a machine tool in
 * each state, one that never reported and a disabled one; A's offline box has one that last said 运行; A1 and B
 * have one each. The server's clock is set to noon in China, so "today" cannot turn over during the run.
 */
describe('机床状态 and 今日报警 on 首页', () => {
  let t: TestApp;
  let admin: string;
  let userA: string;
  let userB: string;
  let noMachine: string;
  let midnight = 0;
  const m: Record<string, number> = {};
  const boxOf: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    midnight = chinaMidnight(t.clock.now());
    t.clock.advance(midnight + 12 * HOUR - t.clock.now().getTime());
    admin = await t.login('admin', ADMIN_PASSWORD);
    const company = async (company_name: string, parent_id: number | null = null) =>
      (await t.db.insert(customer).values({ company_name, parent_id }).returning({ id: customer.id }))[0].id;
    const a = await company('甲集团');
    const a1 = await company('甲一厂', a);
    const b = await company('乙公司');
    const roleWith = async (name: string, menu: string) =>
      (await t.db.insert(role).values({ name, menus: [{ menu, action: ACTION.query }] }).returning({ id: role.id }))[0].id;
    const machineRole = await roleWith('看机床', MACHINE_MENU);
    const boxRole = await roleWith('只看网关', DEVICE_PATH);
    await t.createUser({ username: 'dash-a', roles: [machineRole], customer_id: a });
    await t.createUser({ username: 'dash-b', roles: [machineRole], customer_id: b });
    await t.createUser({ username: 'dash-box', roles: [boxRole], customer_id: a });
    userA = await t.login('dash-a', 'secret-123');
    userB = await t.login('dash-b', 'secret-123');
    noMachine = await t.login('dash-box', 'secret-123');

    let ip = 1;
    const box = async (gateway_id: string, customer_id: number, online: boolean, machines: [string, MachineState | null, boolean?][]) => {
      const [row] = await t.db.insert(device).values({ gateway_id, name: gateway_id, secret_hash: 'x', customer_id, online }).returning({ id: device.id });
      for (const [code, state, enabled = true] of machines) {
        const [tool] = await t.db
          .insert(machineTool)
          .values({ device_id: row.id, code, name: `${code} 机床`, category: 'fanuc', enabled, ip: `10.98.0.${ip++}` })
          .returning({ id: machineTool.id });
        m[code] = tool.id;
        boxOf[code] = row.id;
        const at = new Date(midnight);
        if (state) await t.db.insert(machineLatest).values({ machine_tool_id: tool.id, device_id: row.id, ts: at, values: {}, state, state_since: at });
      }
    };
    await box('DASH-A', a, true, [['A-RUN', 'running'], ['A-IDLE', 'idle'], ['A-ALARM', 'alarm'], ['A-NEW', null], ['A-OFF', 'running', false]]);
    await box('DASH-A-DOWN', a, false, [['A-DOWN', 'running']]);
    await box('DASH-A1', a1, true, [['A1-RUN', 'running']]);
    await box('DASH-B', b, true, [['B-ALARM', 'alarm']]);

    const alarm = async (code: string, alarm_no: string, startedAt: number, endedAt: number | null = null) =>
      t.db.insert(machineAlarm).values({
        machine_tool_id: m[code],
        device_id: boxOf[code],
        alarm_no,
        alarm_type: 'EX',
        alarm_msg: `${alarm_no} 报警信息`,
        started_at: new Date(startedAt),
        ended_at: endedAt === null ? null : new Date(endedAt),
      });
    await alarm('A-RUN', 'YESTERDAY', midnight - 1000, midnight - 500);
    await alarm('A-ALARM', 'MIDNIGHT', midnight, midnight + 10 * 60_000);
    await alarm('B-ALARM', 'B-1', midnight + HOUR);
    await alarm('A-ALARM', 'A-2', midnight + 2 * HOUR);
    await alarm('A1-RUN', 'A1-3', midnight + 3 * HOUR);
    await alarm('A-RUN', 'TOMORROW', midnight + 24 * HOUR);
  });
  afterAll(() => t.close());

  const get = async (token: string, url: string) => {
    const res = await t.api('GET', url, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('counts the enabled machine tools by state; never reported or behind an offline box is 离线', async () => {
    expect(await get(admin, MACHINE_STATES_PATH)).toEqual({ running: 2, idle: 1, alarm: 2, offline: 2, total: 7 });
    expect(await get(userA, MACHINE_STATES_PATH)).toEqual({ running: 2, idle: 1, alarm: 1, offline: 2, total: 6 });
    expect(await get(userB, MACHINE_STATES_PATH)).toEqual({ running: 0, idle: 0, alarm: 1, offline: 0, total: 1 });
  });

  it('answers users of different scopes asking at the same moment each with their own counts (a shared read is per scope)', async () => {
    const all = { running: 2, idle: 1, alarm: 2, offline: 2, total: 7 };
    const a = { running: 2, idle: 1, alarm: 1, offline: 2, total: 6 };
    const b = { running: 0, idle: 0, alarm: 1, offline: 0, total: 1 };
    const asked = await Promise.all([admin, userA, userB, admin, userA, userB, userA].map((token) => get(token, MACHINE_STATES_PATH)));
    expect(asked).toEqual([all, a, b, all, a, b, a]);
    const alarms = (await Promise.all([userA, userB, userA].map((token) => get(token, `${MACHINE_ALARMS_TODAY_PATH}?limit=1`)))) as TodayAlarms[];
    expect(alarms.map((x) => x.total)).toEqual([3, 1, 3]);
    expect(alarms.map((x) => x.items.length)).toEqual([1, 1, 1]);
  });

  it('agrees with each enabled machine tool of the list as 实时数据 shows it', async () => {
    const list: MachineTool[] = (await t.api('GET', `${MACHINE_PATH}?enabled=true&limit=100`, { token: userA })).json().data;
    const counts: Record<string, number> = { running: 0, idle: 0, alarm: 0, offline: 0, total: list.length };
    for (const tool of list) counts[((await get(userA, `${MACHINE_PATH}/${tool.id}/realtime`)) as MachineRealtime).state]++;
    expect(await get(userA, MACHINE_STATES_PATH)).toEqual(counts);
  });

  it('lists today alarms of the subtree, latest first, with their machine tool and box, and counts them', async () => {
    const today = (await get(userA, MACHINE_ALARMS_TODAY_PATH)) as TodayAlarms;
    expect(today).toMatchObject({ total: 3, active: 2 });
    expect(today.items.map((a) => a.alarm_no)).toEqual(['A1-3', 'A-2', 'MIDNIGHT']);
    expect(today.items[0]).toMatchObject({
      machine_tool_id: m['A1-RUN'],
      machine_name: 'A1-RUN 机床',
      machine_code: 'A1-RUN',
      gateway_id: 'DASH-A1',
      alarm_type: 'EX',
      alarm_msg: 'A1-3 报警信息',
      started_at: new Date(midnight + 3 * HOUR).toISOString(),
      ended_at: null,
    });
    expect(today.items[2]).toMatchObject({ gateway_id: 'DASH-A', started_at: new Date(midnight).toISOString(), ended_at: new Date(midnight + 600_000).toISOString() });

    expect(await get(userB, MACHINE_ALARMS_TODAY_PATH)).toMatchObject({ total: 1, active: 1, items: [{ alarm_no: 'B-1', gateway_id: 'DASH-B' }] });
    expect(await get(admin, MACHINE_ALARMS_TODAY_PATH)).toMatchObject({ total: 4, active: 3 });
  });

  it('answers at most `limit` alarms, the counts still of the whole day, and refuses a bad limit', async () => {
    const two = (await get(userA, `${MACHINE_ALARMS_TODAY_PATH}?limit=2`)) as TodayAlarms;
    expect(two.items.map((a) => a.alarm_no)).toEqual(['A1-3', 'A-2']);
    expect(two).toMatchObject({ total: 3, active: 2 });
    for (const limit of ['0', '101', 'abc', '1.5']) {
      const res = await t.api('GET', `${MACHINE_ALARMS_TODAY_PATH}?limit=${limit}`, { token: userA });
      expect(res.statusCode, limit).toBe(400);
    }
  });

  it('refuses a user without 查询 on 机床 with HTTP 401, and one without a session by the body code', async () => {
    for (const url of [MACHINE_STATES_PATH, MACHINE_ALARMS_TODAY_PATH]) {
      expect((await t.api('GET', url, { token: noMachine })).statusCode, url).toBe(401);
      expect((await t.api('GET', url)).json().code, url).toBe(401);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, EXPORT_PATH, type ExportJob, MACHINE_MENU, machineHistoryPath } from '@gw/contracts';
import { customer, device, machineAlarm, machineTool, role } from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { sheetRows } from '../../test/xlsx.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const HEADER = ['报警号', '类型', '报警信息', '开始时间', '结束时间', '持续时间'];

/** A time in China as the sheet writes it: `2026-05-01 08:30:00`. */
const china = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

/**
 * 机床详情's alarm history export. Company A owns box A with machine tools M1 and M2 and their alarms; company B
 * is unrelated. The server's clock stands still at 15:00 today, China time.
 */
describe('机床详情: the alarm history as an export job', () => {
  let t: TestApp;
  let userA: string;
  let userB: string;
  let readOnly: string;
  let midnight = 0;
  const m = { m1: 0, m2: 0 };
  const h = (hours: number, minutes = 0) => midnight + hours * HOUR + minutes * MIN;
  const today = () => new Date(midnight + 8 * HOUR).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp({ services: ['jobs'] });
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(t.clock.now());
    midnight = Date.parse(`${date}T00:00:00+08:00`);
    t.clock.now = () => new Date(h(15));
    const company = async (company_name: string) => (await t.db.insert(customer).values({ company_name }).returning({ id: customer.id }))[0].id;
    const a = await company('甲公司');
    const b = await company('乙公司');
    const roleWith = async (name: string, machineBits: number) =>
      (
        await t.db
          .insert(role)
          .values({ name, menus: [{ menu: MACHINE_MENU, action: machineBits }, { menu: EXPORT_PATH, action: ACTION.query }] })
          .returning({ id: role.id })
      )[0].id;
    const exporter = await roleWith('导出机床报警', ACTION.query | ACTION.export);
    const viewer = await roleWith('只看机床', ACTION.query);
    await t.createUser({ username: 'alarm-a', roles: [exporter], customer_id: a });
    await t.createUser({ username: 'alarm-b', roles: [exporter], customer_id: b });
    await t.createUser({ username: 'alarm-viewer', roles: [viewer], customer_id: a });
    userA = await t.login('alarm-a', 'secret-123');
    userB = await t.login('alarm-b', 'secret-123');
    readOnly = await t.login('alarm-viewer', 'secret-123');

    const [box] = await t.db
      .insert(device)
      .values({ gateway_id: 'ALARM-A', name: 'ALARM-A', secret_hash: 'x', customer_id: a, online: true })
      .returning({ id: device.id });
    for (const [key, ip] of [['m1', 1], ['m2', 2]] as const) {
      const [tool] = await t.db
        .insert(machineTool)
        .values({ device_id: box.id, code: key.toUpperCase(), name: key, category: 'fanuc', ip: `10.96.0.${ip}` })
        .returning({ id: machineTool.id });
      m[key] = tool.id;
    }
    const alarm = (alarm_no: string, alarm_msg: string, from: number, to: number | null, machine = m.m1) =>
      t.db.insert(machineAlarm).values({
        machine_tool_id: machine,
        device_id: box.id,
        alarm_no,
        alarm_type: 'EX',
        alarm_msg,
        started_at: new Date(from),
        ended_at: to === null ? null : new Date(to),
      });
    await alarm('1001', '主轴过载', h(-30), h(-30) + 90_000);
    await alarm('2002', '急停', h(11), h(11, 20));
    await alarm('3003', '润滑油不足', h(14), null);
    // a message a spreadsheet would take for a formula: it must stay the text the box sent
    await alarm('4004', '=HYPERLINK("http://x")', h(9), h(9, 1));
    await alarm('9009', 'M2 的报警', h(10), h(10, 5), m.m2);
  });
  afterAll(() => t.close());

  const exportOf = (token: string, machine: number, filters?: Record<string, unknown>) =>
    t.api('POST', `${machineHistoryPath(machine, 'alarms')}/export`, { token, body: filters ? { filters } : {} });

  /** Starts an export as 导出 does, waits for it as 导出管理 does, and opens the file. */
  const exported = async (filters?: Record<string, unknown>): Promise<{ job: ExportJob; rows: unknown[][] }> => {
    const res = await exportOf(userA, m.m1, filters);
    expect(res.json(), res.body).toMatchObject({ code: 200, data: { state: 'queued', title: '机床报警(M1)' } });
    let job = res.json().data as ExportJob;
    while (job.state === 'queued' || job.state === 'running') {
      await new Promise((r) => setTimeout(r, 20));
      job = (await t.api('GET', `${EXPORT_PATH}/${job.id}`, { token: userA })).json().data;
    }
    expect(job, job.error ?? '').toMatchObject({ state: 'done' });
    const file = await t.api('GET', `${EXPORT_PATH}/${job.id}/download`, { token: userA });
    return { job, rows: await sheetRows(file.rawPayload) };
  };

  it('exports only this machine tool’s alarms, newest first, 报警中 for one still on', async () => {
    const { job, rows } = await exported();
    expect(job).toMatchObject({ row_count: 4, file_name: expect.stringMatching(/^机床报警\(M1\)_\d{8}_\d{6}\.xlsx$/) });
    expect(rows).toEqual([
      HEADER,
      ['3003', 'EX', '润滑油不足', china(h(14)), '报警中'],
      ['2002', 'EX', '急停', china(h(11)), china(h(11, 20)), '20 分'],
      ['4004', 'EX', '=HYPERLINK("http://x")', china(h(9)), china(h(9, 1)), '1 分'],
      ['1001', 'EX', '主轴过载', china(h(-30)), china(h(-30) + 90_000), '1 分 30 秒'],
    ]);
  });

  it('applies the list’s filters: keywords, start dates, on or ended — the same rows the list shows', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ keywords: '润滑' }, ['3003']],
      [{ start_date: today(), end_date: today() }, ['3003', '2002', '4004']],
      [{ active: 'no' }, ['2002', '4004', '1001']],
      [{ active: 'no', sort: 'started_at' }, ['1001', '4004', '2002']],
    ];
    for (const [filters, nos] of cases) {
      const { rows } = await exported(filters);
      expect(rows.slice(1).map((r) => r[0]), JSON.stringify(filters)).toEqual(nos);
      const query = new URLSearchParams(filters as Record<string, string>);
      const listed = (await t.api('GET', `${machineHistoryPath(m.m1, 'alarms')}?${query.toString()}`, { token: userA })).json();
      expect(listed.data.map((a: { alarm_no: string }) => a.alarm_no)).toEqual(nos);
    }
  });

  it('refuses a bad date with 400 before queuing anything', async () => {
    const res = await exportOf(userA, m.m1, { start_date: '2024-02-30' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^参数错误 start_date/);
  });

  it('answers another customer a machine tool of A as a missing one, like an id that does not exist', async () => {
    for (const [token, machine] of [[userB, m.m1], [userA, 999_999]] as const) {
      const res = await exportOf(token, machine);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: '机床不存在', data: null });
    }
    const jobs = (await t.api('GET', EXPORT_PATH, { token: userB })).json();
    expect(jobs.count).toBe(0);
  });

  it('refuses a user without 机床’s 导出 with HTTP 401, who still sees the list', async () => {
    const res = await exportOf(readOnly, m.m1);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('您没有权限访问');
    expect((await t.api('GET', machineHistoryPath(m.m1, 'alarms'), { token: readOnly })).json().count).toBe(4);
  });
});

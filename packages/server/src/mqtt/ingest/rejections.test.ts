import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEVICE_PATH, type Device, MACHINE_OUTPUT_TODAY_PATH, machineHistoryPath, machineOeePath } from '@gw/contracts';
import { zoneDate } from '../../lib/platform-zone.js';
import { machineAlarm, machineLatest, machineTool } from '../../db/schema.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { WARN_WINDOW_MS } from './rejections.js';
import { queryRows } from '../../db/rows.js';

/** The rejection is written within a second of it: a poll that waits a few. */
const SLOW = { timeout: 5000 };

/** The value of one sample of /custom/api/metrics (0 when not there yet). */
async function metric(t: TestApp, sample: string): Promise<number> {
  const text = (await t.app.inject({ method: 'GET', url: '/custom/api/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}

describe('telemetry the platform refuses is acknowledged, never stored, and shown on the box', () => {
  let t: TestApp;
  let w: FleetWorld;
  let box: mqtt.MqttClient;
  let machineId: number;
  const history = async () =>
    queryRows<{ values: Record<string, unknown> }>(t.db, sql`select "values" from telemetry where machine_tool_id = ${machineId} order by ts`);
  const shown = async (token = w.admin): Promise<Device> => (await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}`, { token })).json().data;
  /** QoS 1: resolves on the PUBACK. */
  const publish = (payload: unknown) =>
    box.publishAsync('data/R-A/v1', typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload), { qos: 1 });

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'] });
    w = await fleetWorld(t, 'R');
    [{ id: machineId }] = await t.db
      .insert(machineTool)
      .values({ device_id: w.boxes.a, code: 'M1', name: 'M1', category: 'modbus', ip: '10.250.0.2' })
      .returning({ id: machineTool.id });
    box = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.deps.broker!.port}`, { clientId: 'R-A', username: 'R-A', password: w.secrets['R-A'], reconnectPeriod: 0 });
  });
  afterAll(async () => {
    await box?.endAsync();
    await t.close();
  });

  it('a message it cannot read: acknowledged, nothing stored, the box shows when, why and its first bytes; one warning a minute', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const before = (await shown()).rejected_at;
      expect(before).toBeNull();
      expect((await shown()).rejected_reason).toBe('');

      await publish('{"device_id": "M1", ');
      await expect.poll(async () => (await shown()).rejected_reason, SLOW).toBe('数据格式错误: 不是合法的 JSON');
      const first = await shown();
      expect(first.rejected_head).toBe('{"device_id": "M1", ');
      expect(Math.abs(Date.parse(first.rejected_at!) - Date.now())).toBeLessThan(10_000);

      await publish([{ ts: Date.now(), values: [] }]);
      await expect.poll(async () => (await shown()).rejected_reason, SLOW).toBe('数据格式错误: 第 1 项缺少 device_id');

      const big = JSON.stringify([{ device_id: 'M1', ts: Date.now(), values: [{ name: 'cnc_type', value: 'x'.repeat(1_150_000) }] }]);
      await publish(big);
      await expect.poll(async () => (await shown()).rejected_reason, SLOW).toBe('消息过大: 1.1 MB,上限 1.0 MB');
      expect((await shown()).rejected_head).toBe(`${big.slice(0, 200)}…`);

      // control characters are shown, not stored raw (a NUL would fail the write)
      await publish(Buffer.from('\u0000\u0001bad\nline\u007f'));
      await expect.poll(async () => (await shown()).rejected_head, SLOW).toBe('␀␁bad␊line␡');
      // a customer's user of that box sees it too
      expect((await shown(w.userA)).rejected_reason).toBe('数据格式错误: 不是合法的 JSON');

      expect(await history()).toEqual([]);
      expect(await metric(t, 'ingest_malformed_total{reason="not_json"}')).toBe(2);
      expect(await metric(t, 'ingest_malformed_total{reason="bad_shape"}')).toBe(1);
      expect(await metric(t, 'ingest_malformed_total{reason="too_large"}')).toBe(1);

      const lines = () => warn.mock.calls.filter(([obj]) => (obj as { gateway_id?: string }).gateway_id === 'R-A').map(([, msg]) => String(msg));
      expect(lines()).toEqual(['网关 R-A 的遥测被拒收: 数据格式错误: 不是合法的 JSON']);
      // a minute on, the next one is logged with the count of those left out
      t.clock.advance(WARN_WINDOW_MS + 1000);
      await publish('[');
      await expect.poll(lines, SLOW).toHaveLength(2);
      expect(lines()[1]).toBe('网关 R-A 的遥测被拒收: 数据格式错误: 不是合法的 JSON(上次记录后另有 3 条被拒收,未逐条记录)');
      await expect.poll(async () => Date.parse((await shown()).rejected_at!), SLOW).toBeGreaterThan(Date.now() + WARN_WINDOW_MS);
    } finally {
      warn.mockRestore();
    }
  });

  it('a value outside its domain: refused, nothing of it stored or summed, the rest of the message stored, the box shows it', async () => {
    const at = Date.now() - 10_000;
    const item = (dt: number, values: string) => `[{"device_id":"M1","ts":${at + dt},"values":[${values}]}]`;
    const speed = (n: number) => `{"name":"cnc_actspeed","value":${n}}`;
    await publish(item(0, `{"name":"cnc_runstatus","value":1},{"name":"cnc_products","value":10},${speed(1)}`));
    await publish(item(1000, `{"name":"cnc_products","value":12}`));
    await expect.poll(async () => (await history()).length).toBe(2);
    const before = {
      out_of_range: await metric(t, 'ingest_refused_values_total{reason="out_of_range"}'),
      too_long: await metric(t, 'ingest_refused_values_total{reason="too_long"}'),
    };

    // the literals as a box sends them: 9007199254740993 is no JavaScript number, 1e308 is one
    await publish(item(2000, `{"name":"cnc_products","value":1e308},${speed(100)}`));
    await expect.poll(async () => (await shown()).rejected_reason, SLOW).toBe('数值超出范围: 机床 M1 的 cnc_products = 1e+308,应为 0 至 2147483647 的整数');
    expect((await shown()).rejected_head).toBe(item(2000, `{"name":"cnc_products","value":1e308},${speed(100)}`));
    await publish(item(3000, `{"name":"cnc_products","value":9007199254740993},${speed(200)}`));
    await publish(item(4000, `{"name":"cnc_products","value":-1},${speed(300)}`));
    await expect.poll(async () => (await shown()).rejected_reason, SLOW).toBe('数值超出范围: 机床 M1 的 cnc_products = -1,应为 0 至 2147483647 的整数');
    await publish(item(5000, `{"name":"cnc_alarm","value":[{"alarm_no":"${'9'.repeat(3000)}","alarm_msg":"主轴过热"}]},${speed(400)}`));
    await expect.poll(async () => (await shown()).rejected_reason, SLOW).toBe('文本过长: 机床 M1 的 cnc_alarm[0].alarm_no 长 3000 个字符,上限 32');
    await publish(item(6000, `{"name":"cnc_products","value":15}`));

    await expect.poll(async () => (await history()).length).toBe(7);
    expect((await history()).map((h) => h.values)).toEqual([
      { cnc_runstatus: 1, cnc_products: 10, cnc_actspeed: 1 },
      { cnc_products: 12 },
      { cnc_actspeed: 100 },
      { cnc_actspeed: 200 },
      { cnc_actspeed: 300 },
      { cnc_actspeed: 400 },
      { cnc_products: 15 },
    ]);
    expect(await metric(t, 'ingest_refused_values_total{reason="out_of_range"}')).toBe(before.out_of_range + 3);
    expect(await metric(t, 'ingest_refused_values_total{reason="too_long"}')).toBe(before.too_long + 1);

    const [latest] = await t.db.select().from(machineLatest).where(eq(machineLatest.machine_tool_id, machineId));
    expect(latest.values).toEqual({ cnc_runstatus: 1, cnc_products: 15, cnc_actspeed: 400 });
    expect([latest.state, latest.products, latest.parts_total, latest.day_parts]).toEqual(['running', 15, 5, 5]);
    expect(await t.db.select().from(machineAlarm).where(eq(machineAlarm.machine_tool_id, machineId))).toEqual([]);

    // 今日产量, 机床详情's parts per hour and OEE count 10 → 12 → 15: five parts
    const today = (await t.api('GET', `${MACHINE_OUTPUT_TODAY_PATH}?limit=10`, { token: w.admin })).json().data;
    expect(today.parts).toBe(5);
    const day = zoneDate(new Date(at));
    const parts = (await t.api('GET', `${machineHistoryPath(machineId, 'parts')}?date=${day}`, { token: w.admin })).json().data;
    expect(parts.total).toBe(5);
    // a shift belongs to the day it starts on: before 08:00 the readings are the night shift of the day before
    const oeeParts = async (date: string) => (await t.api('GET', `${machineOeePath(machineId, 'oee')}?date=${date}`, { token: w.admin })).json().data.day.parts as number;
    const yesterday = zoneDate(new Date(at - 86_400_000));
    expect((await oeeParts(day)) + (await oeeParts(yesterday))).toBe(5);
  });
});

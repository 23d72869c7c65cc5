import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, BOX_API, DEVICE_PATH, LICENSE_PATH, boxTopic } from '@gw/contracts';
import { device, operationLog, role } from '../../db/schema.js';
import { type FakeBox, fakeBox, until } from '../../test/fake-box.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { licenseBox } from '../../test/license.js';

describe('commands to boxes: refresh, box login, remote API, licence push', () => {
  let t: TestApp;
  let w: FleetWorld;
  let box: FakeBox;
  const GW = 'R-A';
  const info = { version: '2.4.1', fingerprint: 'fp-real-1', imei: '861234567890123', iccid: '8986001234567890123', config: { machines: [{ code: 'M1' }] } };
  const post = (path: string, token: string, body?: unknown) => t.api('POST', `${DEVICE_PATH}/${w.boxes.a}/${path}`, { token, body });

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'] });
    // a short wait for the tests of 设备无响应 (the setting is in seconds; the config object is the app's own)
    t.deps.config.boxCommandTimeoutSeconds = 0.4;
    w = await fleetWorld(t, 'R');
    box = await fakeBox(t, GW, w.secrets[GW], (command) => {
      if (command.url === BOX_API.info) return { ret: 0, msg: info };
      if (command.url === BOX_API.login) return (command.data as { password: string }).password === 'box-pass' ? { ret: 0, msg: null } : { ret: 410, msg: '密码错误' };
      if (command.url === '/api/silent') return null;
      const status = /^\/api\/status\/(\d+)$/.exec(command.url);
      if (status) return { ret: Number(status[1]), msg: status[1] === '409' ? { count: 3 } : undefined };
      return { ret: 0, msg: { echoed: command.data ?? null, method: command.method } };
    });
  });
  afterAll(async () => {
    await box.client.endAsync();
    await t.close();
  });

  it('refresh reads the box info, updates the row (audited) and answers the fields and the collection config', async () => {
    const res = await post('refresh', w.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ firmware_version: '2.4.1', fingerprint: 'fp-real-1', imei: info.imei, iccid: info.iccid, config: info.config });
    expect(body.data.updated.sort()).toEqual(['fingerprint', 'firmware_version', 'iccid', 'imei']);
    const [row] = await t.db.select().from(device).where(eq(device.id, w.boxes.a));
    expect(row).toMatchObject({ firmware_version: '2.4.1', fingerprint: 'fp-real-1', imei: info.imei, iccid: info.iccid });
    const logs = await t.db.select().from(operationLog).where(eq(operationLog.table_name, 'device'));
    expect(logs.some((l) => l.record_id === String(w.boxes.a) && JSON.stringify(l).includes('fp-real-1'))).toBe(true);
    // nothing changed the second time
    expect((await post('refresh', w.admin)).json().data.updated).toEqual([]);
    expect(box.received.filter((c) => c.url === BOX_API.info)).toHaveLength(2);
    // every command has its own cmd_id
    expect(new Set(box.received.map((c) => c.cmd_id)).size).toBe(box.received.length);
  });

  it('a box offline fails at once with 设备不在线 without anything published', async () => {
    const before = box.received.length;
    const res = await t.api('POST', `${DEVICE_PATH}/${w.boxes.a1}/refresh`, { token: w.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 300, message: '设备不在线' });
    expect(box.received.length).toBe(before);
  });

  it('no answer is 设备无响应 after the timeout; a late or unknown echo is ignored', async () => {
    await post('box_login', w.admin, { password: 'box-pass' });
    const started = Date.now();
    const res = await post('box_api', w.admin, { method: 'GET', url: '/api/silent' });
    expect(res.json()).toMatchObject({ code: 300, message: '设备无响应' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    // an echo with an unknown cmd_id and a malformed one change nothing, and the box still answers after them
    box.client.publish(boxTopic('echo', GW), JSON.stringify({ cmd_id: 'nobody', ret: 0 }), { qos: 1 });
    box.client.publish(boxTopic('echo', GW), 'not json', { qos: 1 });
    const after = await post('box_api', w.admin, { method: 'POST', url: '/api/config', data: { a: 1 } });
    expect(after.json()).toMatchObject({ code: 200, data: { echoed: { a: 1 }, method: 'POST' } });
  });

  it('box replies map to the API contract: 409 with count, 410, 403, 400, 404, others a business refusal', async () => {
    await post('box_login', w.admin, { password: 'box-pass' });
    const call = (status: number) => post('box_api', w.admin, { method: 'GET', url: `/api/status/${status}` });
    const r409 = await call(409);
    expect(r409.statusCode).toBe(409);
    expect(r409.json()).toMatchObject({ code: 409, count: 3 });
    for (const status of [410, 403, 400, 404]) {
      const res = await call(status);
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(status);
    }
    const other = await call(503);
    expect(other.statusCode).toBe(200);
    expect(other.json().code).toBeGreaterThanOrEqual(300);
    expect(other.json().message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('box_login: wrong password 410; right one grants box_api to that user; without a grant box_api is refused', async () => {
    const wrong = await post('box_login', w.userA, { password: 'nope' });
    expect(wrong.statusCode).toBe(410);
    expect(wrong.json().message).toBe('设备密码错误');
    const refusedCall = await post('box_api', w.userA, { method: 'GET', url: '/api/config' });
    expect(refusedCall.json()).toMatchObject({ code: 300 });
    expect(refusedCall.json().message).toContain('请先登录设备');
    const right = await post('box_login', w.userA, { password: 'box-pass' });
    expect(right.json()).toMatchObject({ code: 200, data: { expires_at: expect.any(String) } });
    const call = await post('box_api', w.userA, { method: 'GET', url: '/api/config' });
    expect(call.json()).toMatchObject({ code: 200, data: { method: 'GET' } });
  });

  it('bad input is a 400 in Chinese; another customer box is 404; the edit bit is required', async () => {
    const bad = await post('box_api', w.admin, { method: 'PATCH', url: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await post('box_login', w.admin, {})).statusCode).toBe(400);
    expect((await post('refresh', w.userB)).statusCode).toBe(404);
    const noToken = await post('refresh', '');
    expect(noToken.json().code).toBe(401);
    // 网关设备 with 查询 only: may see the box, may not refresh it, log in to it or configure it
    const [{ id: readOnly }] = await t.db.insert(role).values({ name: '设备只读', menus: [{ menu: DEVICE_PATH, action: ACTION.query }] }).returning({ id: role.id });
    await t.createUser({ username: 'r-reader', roles: [readOnly], customer_id: w.a });
    const reader = await t.login('r-reader', 'secret-123');
    expect((await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}`, { token: reader })).json().code).toBe(200);
    for (const [path, body] of [['refresh', undefined], ['box_login', { password: 'box-pass' }], ['box_api', { method: 'GET', url: '/api/config' }]] as const) {
      expect((await post(path, reader, body)).statusCode).toBe(401);
    }
  });

  it('a licence issued for the box is pushed to it; revoking it sends a DELETE', async () => {
    const issued = await licenseBox(t, w.admin, w.boxes.a, [{ model: 'all', count: 2 }]);
    await until(() => box.received.some((c) => c.url === BOX_API.license && c.method === 'POST'), 'licence push');
    const push = box.received.find((c) => c.url === BOX_API.license && c.method === 'POST')!;
    expect(push.data).toEqual({ license: issued.certificate });
    const res = await t.api('POST', `${LICENSE_PATH}/${issued.id}/revoke`, { token: w.admin, body: { reason: '测试' } });
    expect(res.json().code).toBe(200);
    await until(() => box.received.some((c) => c.url === BOX_API.license && c.method === 'DELETE'), 'licence removal');
  });

  it('a box that connects gets its licence in force', async () => {
    const issued = await licenseBox(t, w.admin, w.boxes.b, [{ model: 'all', count: 1 }]);
    const received: unknown[] = [];
    const other = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.deps.broker!.port}`, { clientId: 'R-B', username: 'R-B', password: w.secrets['R-B'], reconnectPeriod: 0 });
    other.on('message', (_topic, payload) => {
      const command = JSON.parse(payload.toString());
      received.push(command);
      other.publish(boxTopic('echo', 'R-B'), JSON.stringify({ cmd_id: command.cmd_id, ret: 0 }), { qos: 1 });
    });
    await other.subscribeAsync(boxTopic('control', 'R-B'), { qos: 1 });
    await until(() => received.length > 0, 'licence on connect');
    expect(received[0]).toMatchObject({ method: 'POST', url: BOX_API.license, data: { license: issued.certificate } });
    await other.endAsync();
  });
});

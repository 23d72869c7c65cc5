import { ACTION, ALL_ACTIONS, DEBUG_SESSION_PATH, DEVICE_PATH } from '@gw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { operationLog, role } from '../../db/schema.js';
import { type FakeBox, fakeBox } from '../../test/fake-box.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';

describe('远程调试: debug sessions on a box (the box drawer)', () => {
  let t: TestApp;
  let w: FleetWorld;
  let box: FakeBox;
  /** A user of customer A holding 查询 and 修改 on 网关设备 but not 远程调试; customer A's and B's users holding every bit. */
  let reader: string;
  let custA: string;
  let custB: string;
  const GW = 'D-A';
  const events: unknown[] = [];

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'] });
    t.deps.config.boxCommandTimeoutSeconds = 0.4;
    w = await fleetWorld(t, 'D');
    const roleOf = async (name: string, action: number) =>
      (await t.db.insert(role).values({ name, menus: [{ menu: DEVICE_PATH, action }] }).returning({ id: role.id }))[0].id;
    const readOnly = await roleOf('调试只读', ACTION.query | ACTION.edit);
    const full = await roleOf('调试全部', ALL_ACTIONS);
    await t.createUser({ username: 'd-reader', roles: [readOnly], customer_id: w.a });
    await t.createUser({ username: 'd-cust-a', roles: [full], customer_id: w.a });
    await t.createUser({ username: 'd-cust-b', roles: [full], customer_id: w.b });
    reader = await t.login('d-reader', 'secret-123');
    custA = await t.login('d-cust-a', 'secret-123');
    custB = await t.login('d-cust-b', 'secret-123');
    t.deps.live.subscribe((event) => events.push(event));
    box = await fakeBox(t, GW, w.secrets[GW], (command) => {
      if (command.url === '/api/silent') return null;
      if (command.url === '/api/missing') return { ret: 404 };
      return { ret: 0, msg: { got: command.data ?? null, url: command.url } };
    });
  });
  afterAll(async () => {
    await box.client.endAsync();
    await t.close();
  });

  const open = (token: string, device_id: number) => t.api('POST', DEBUG_SESSION_PATH, { token, body: { device_id } });
  const send = (token: string, id: number, body: unknown) => t.api('POST', `${DEBUG_SESSION_PATH}/${id}/send`, { token, body });

  it('opens a session, sends commands, keeps their replies and closes it', async () => {
    const opened = await open(w.admin, w.boxes.a);
    expect(opened.json()).toMatchObject({ code: 200, data: { device_id: w.boxes.a, gateway_id: GW, device_name: GW, address: '', operator: 'admin', ip: '127.0.0.1', ended_at: null, commands: 0 } });
    const id = opened.json().data.id as number;

    const first = await send(w.admin, id, { method: 'POST', url: '/api/config', data: { rate: 5 } });
    expect(first.json()).toMatchObject({ code: 200, data: { method: 'POST', url: '/api/config', data: { rate: 5 }, ret: 0, reply: { got: { rate: 5 }, url: '/api/config' } } });
    expect(first.json().data.answered_at).toEqual(expect.any(String));
    expect(box.received.at(-1)).toMatchObject({ method: 'POST', url: '/api/config', data: { rate: 5 } });
    expect(events).toContainEqual({ type: 'debug', user_id: expect.any(Number), session_id: id, command_id: first.json().data.id, ret: 0, msg: { got: { rate: 5 }, url: '/api/config' } });

    const silent = await send(w.admin, id, { method: 'GET', url: '/api/silent' });
    expect(silent.json()).toMatchObject({ code: 300, message: '设备无响应' });
    const missing = await send(w.admin, id, { method: 'GET', url: '/api/missing' });
    expect(missing.statusCode).toBe(404);

    const detail = (await t.api('GET', `${DEBUG_SESSION_PATH}/${id}`, { token: w.admin })).json();
    expect(detail.data.commands).toBe(3);
    expect(detail.data.command_list.map((c: { url: string; ret: number }) => [c.url, c.ret])).toEqual([
      ['/api/config', 0],
      ['/api/silent', -1],
      ['/api/missing', 404],
    ]);

    // every command is in the operation log under its session, with who sent it
    const logged = await t.db.select().from(operationLog).where(and(eq(operationLog.table_name, 'debug_command'), eq(operationLog.record_id, String(id))));
    expect(logged.filter((r) => r.action === 1).map((r) => r.username)).toEqual(['admin', 'admin', 'admin']);
    expect(await t.db.select().from(operationLog).where(and(eq(operationLog.table_name, 'debug_session'), eq(operationLog.record_id, String(id))))).not.toEqual([]);

    const closed = await t.api('POST', `${DEBUG_SESSION_PATH}/${id}/close`, { token: w.admin });
    expect(closed.json().data.ended_at).toEqual(expect.any(String));
    const afterClose = await send(w.admin, id, { method: 'GET', url: '/api/config' });
    expect(afterClose.json()).toMatchObject({ code: 300, message: '调试会话已结束' });
    expect((await t.api('POST', `${DEBUG_SESSION_PATH}/${id}/close`, { token: w.admin })).json().code).toBe(300);
  });

  it('lists sessions newest first with keywords and pages', async () => {
    const second = (await open(w.admin, w.boxes.a)).json().data.id as number;
    const page = (await t.api('GET', `${DEBUG_SESSION_PATH}?page=1&limit=1&keywords=D-A`, { token: w.admin })).json();
    expect(page).toMatchObject({ code: 200, count: 2, limit: 1, next: 2 });
    expect(page.data[0].id).toBe(second);
    const none = (await t.api('GET', `${DEBUG_SESSION_PATH}?keywords=nothing-like-this`, { token: w.admin })).json();
    expect(none.count).toBe(0);
    // the drawer lists one box's sessions
    expect((await t.api('GET', `${DEBUG_SESSION_PATH}?device_id=${w.boxes.a}`, { token: w.admin })).json().count).toBe(2);
    expect((await t.api('GET', `${DEBUG_SESSION_PATH}?device_id=${w.boxes.b}`, { token: w.admin })).json().count).toBe(0);
    // the former page's box picker is gone: the drawer knows its box
    expect((await t.api('GET', `${DEBUG_SESSION_PATH}/devices`, { token: w.admin })).statusCode).toBe(400);
  });

  it('a user without 远程调试 reads sessions but may not open or send, even with 修改 on 网关设备', async () => {
    const list = await t.api('GET', DEBUG_SESSION_PATH, { token: reader });
    expect(list.json().code).toBe(200);
    const id = list.json().data[0].id as number;
    expect((await t.api('GET', `${DEBUG_SESSION_PATH}/${id}`, { token: reader })).json().code).toBe(200);
    expect((await open(reader, w.boxes.a)).statusCode).toBe(401);
    expect((await send(reader, id, { method: 'GET', url: '/api/config' })).statusCode).toBe(401);
  });

  it('a customer user debugs its own boxes only and sees only their sessions', async () => {
    expect((await open(custB, w.boxes.a)).statusCode).toBe(404);
    const own = await open(custA, w.boxes.a);
    expect(own.json().code).toBe(200);
    const id = own.json().data.id as number;
    expect((await send(custA, id, { method: 'GET', url: '/api/info' })).json().code).toBe(200);
    expect((await t.api('GET', `${DEBUG_SESSION_PATH}/${id}`, { token: custB })).statusCode).toBe(404);
    expect((await send(custB, id, { method: 'GET', url: '/api/info' })).statusCode).toBe(404);
    expect((await t.api('GET', DEBUG_SESSION_PATH, { token: custB })).json().count).toBe(0);
    expect((await t.api('GET', DEBUG_SESSION_PATH, { token: custA })).json().count).toBeGreaterThan(0);
  });

  it('bad input is a 400 in Chinese; an unknown box is 404', async () => {
    const bad = await t.api('POST', DEBUG_SESSION_PATH, { token: w.admin, body: { device_id: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await open(w.admin, 999999)).statusCode).toBe(404);
    const id = (await open(w.admin, w.boxes.a)).json().data.id as number;
    const badSend = await send(w.admin, id, { method: 'GET', url: 'no-slash' });
    expect(badSend.statusCode).toBe(400);
    expect(badSend.json().message).toContain('请求地址');
  });

  it('a box offline answers 设备不在线 and the command is kept with ret -1', async () => {
    const id = (await open(w.admin, w.boxes.a1)).json().data.id as number;
    expect((await send(w.admin, id, { method: 'GET', url: '/api/info' })).json()).toMatchObject({ code: 300, message: '设备不在线' });
    const detail = (await t.api('GET', `${DEBUG_SESSION_PATH}/${id}`, { token: w.admin })).json();
    expect(detail.data.command_list).toMatchObject([{ url: '/api/info', ret: -1, reply: '设备不在线' }]);
  });
});

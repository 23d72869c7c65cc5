import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DebugClientCreated, DEVICE_PATH, LICENSE_PATH, type LiveEvent, REMOTE_SESSION_PATH, type RemoteSession, customerResource } from '@gw/contracts';
import { adminUser, operationLog } from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { HUB_ENV, type RemoteWorld, eventually, hubReport, hubState, makeClient, remoteWorld } from '../../test/remote.js';

describe('远程会话: sessions, their rules, approval and ending', () => {
  let t: TestApp;
  let w: RemoteWorld;
  let client: DebugClientCreated;
  let clientA: DebugClientCreated;
  const events: LiveEvent[] = [];

  const open = (token: string, body: Record<string, unknown>) => t.api('POST', REMOTE_SESSION_PATH, { token, body });
  const get = async (id: number, token = w.admin) => (await t.api('GET', `${REMOTE_SESSION_PATH}/${id}`, { token })).json().data as RemoteSession;
  const act = (id: number, name: string, token: string) => t.api('POST', `${REMOTE_SESSION_PATH}/${id}/${name}`, { token });
  const opened = async (token: string, body: Record<string, unknown>) => {
    const res = await open(token, body);
    expect(res.json().code, res.body).toBe(200);
    return res.json().data as RemoteSession;
  };
  const flowOf = async (id: number) => (await hubState(t)).flows.find((f) => f.id === `s${id}`);
  const ended = (id: number) => eventually(() => get(id), (s) => s.status === 'ended');

  beforeAll(async () => {
    t = await createTestApp({ env: HUB_ENV });
    w = await remoteWorld(t, 'RS');
    client = await makeClient(t, w.engineer.token, { name: '工程师笔记本' });
    clientA = await makeClient(t, w.approverA.token, { name: '甲的电脑' });
    t.deps.live.subscribe((event) => events.push(event));
  });
  afterAll(async () => t.close());

  it('a vendor engineer opens a session on A1: active at once, the hub lets its client reach exactly A1’s machine /24 and the box’s own ports', async () => {
    const session = await opened(w.engineer.token, { client_id: client.id, device_id: w.boxes.a1 });
    expect(session).toMatchObject({
      status: 'active',
      minutes: 120,
      needs_approval: false,
      client_name: '工程师笔记本',
      client_address: client.address,
      username: 'rs-engineer',
      gateway_id: 'RS-A1',
      customer_id: w.a1,
      company_name: 'RS 甲一厂',
      machines: '全部机床',
      targets: [w.machineNet.a1, `${w.vpnIp.a1}:80,443`],
    });
    expect(new Date(session.expires_at!).getTime() - new Date(session.started_at!).getTime()).toBe(120 * 60_000);
    expect(await flowOf(session.id)).toEqual({ id: `s${session.id}`, client: client.address, to: [{ address: w.machineNet.a1 }, { address: w.vpnIp.a1, ports: [80, 443] }] });
    expect(events).toContainEqual(expect.objectContaining({ type: 'remote_session', session_id: session.id, status: 'active', customer_id: w.a1 }));
    const logged = await t.db.select().from(operationLog).where(eq(operationLog.table_name, 'remote_session'));
    expect(logged.filter((r) => r.record_id === String(session.id) && r.action === 1).map((r) => r.username)).toEqual(['rs-engineer']);

    // 结束: the flow goes at once, the record says who
    expect((await act(session.id, 'close', w.engineer.token)).json().code).toBe(200);
    expect(await flowOf(session.id)).toBeUndefined();
    expect(await get(session.id)).toMatchObject({ status: 'ended', end_reason: 'closed', ended_by: 'rs-engineer' });
    expect((await act(session.id, 'close', w.engineer.token)).json().code).toBe(300);
  });

  it('with machine tools chosen, reaches only their addresses', async () => {
    const [m1] = w.machines.a1;
    const session = await opened(w.engineer.token, { client_id: client.id, device_id: w.boxes.a1, machine_ids: [m1.id], minutes: 30 });
    expect(session).toMatchObject({ machines: 'RS M1', machine_ids: [m1.id], targets: [m1.ip, `${w.vpnIp.a1}:80,443`] });
    expect((await flowOf(session.id))!.to).toEqual([{ address: m1.ip }, { address: w.vpnIp.a1, ports: [80, 443] }]);
    await act(session.id, 'close', w.engineer.token);
  });

  it('refuses bad input with a 400 in Chinese naming the field, and opens nothing', async () => {
    const count = async () => (await t.api('GET', REMOTE_SESSION_PATH, { token: w.admin })).json().count as number;
    const before = await count();
    for (const minutes of [0, 4, 1441, 'x', 1.5]) {
      const res = await open(w.engineer.token, { client_id: client.id, device_id: w.boxes.a1, minutes });
      expect(res.statusCode, String(minutes)).toBe(400);
      expect(res.json().message).toMatch(/minutes: 时长应在 5–1440 分钟之间/);
    }
    const foreignMachine = await open(w.engineer.token, { client_id: client.id, device_id: w.boxes.a1, machine_ids: [w.machines.b[0].id] });
    expect(foreignMachine.statusCode).toBe(400);
    expect(foreignMachine.json().message).toContain('machine_ids');
    const twice = await open(w.engineer.token, { client_id: client.id, device_id: w.boxes.a1, machine_ids: [w.machines.a1[0].id, w.machines.a1[0].id] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('机床重复');
    // another user's client, even of one's own company: only its owner opens sessions with it
    const notMine = await open(w.engineer2.token, { client_id: client.id, device_id: w.boxes.a1 });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toContain('只能使用自己创建的调试代理');
    // a box outside the caller's scope is as if it did not exist, whatever client is named
    expect((await open(w.customerB.token, { client_id: clientA.id, device_id: w.boxes.a })).statusCode).toBe(404);
    const clientB = await makeClient(t, w.customerB.token, { name: '乙的电脑' });
    expect((await open(w.customerB.token, { client_id: clientB.id, device_id: w.boxes.a })).statusCode).toBe(404);
    // a box without a licence with vpn (the vendor's stock)
    const stock = await open(w.engineer.token, { client_id: client.id, device_id: w.boxes.stock });
    expect(stock.statusCode, stock.body).toBe(400);
    expect(stock.json().message).toContain('该设备未授权 VPN');
    expect(await count()).toBe(before);
  });

  it('ends by the clock: the hub drops the flow at once, the record within 2 s', async () => {
    const session = await opened(w.engineer.token, { client_id: client.id, device_id: w.boxes.a, minutes: 5 });
    expect(await flowOf(session.id)).toBeDefined();
    t.clock.advance(5 * 60_000 + 1000);
    try {
      expect(await flowOf(session.id)).toBeUndefined();
      const started = Date.now();
      expect(await ended(session.id)).toMatchObject({ status: 'ended', end_reason: 'expired', ended_by: '' });
      expect(Date.now() - started).toBeLessThan(2500);
      expect(events).toContainEqual(expect.objectContaining({ type: 'remote_session', session_id: session.id, status: 'ended' }));
    } finally {
      t.clock.advance(-(5 * 60_000 + 1000));
    }
  });

  it('counts bytes from the hub’s counters since the session started, and keeps them when it ends', async () => {
    const seen = (rx: number, tx: number) => [{ public_key: client.public_key, latest_handshake: new Date().toISOString(), rx_bytes: rx, tx_bytes: tx }];
    await hubReport(t, seen(1000, 2000));
    const session = await opened(w.engineer.token, { client_id: client.id, device_id: w.boxes.a1 });
    await hubReport(t, seen(1500, 2600));
    expect(await get(session.id)).toMatchObject({ rx_bytes: 500, tx_bytes: 600, latest_handshake: expect.any(String) });
    // the hub restarted: its counters start again from 0
    await hubReport(t, seen(70, 80));
    expect(await get(session.id)).toMatchObject({ rx_bytes: 70, tx_bytes: 80 });
    await act(session.id, 'close', w.engineer.token);
    await hubReport(t, seen(9000, 9000));
    expect(await get(session.id)).toMatchObject({ status: 'ended', rx_bytes: 70, tx_bytes: 80 });
  });

  describe('when factory A requires approval', () => {
    beforeAll(async () => {
      const res = await t.api('PUT', `${customerResource.path}/${w.a}`, { token: w.admin, body: { remote_approval: true } });
      expect(res.json().code, res.body).toBe(200);
      expect(res.json().data.remote_approval).toBe(true);
    });
    afterAll(async () => {
      await t.api('PUT', `${customerResource.path}/${w.a}`, { token: w.admin, body: { remote_approval: false } });
    });

    it('a vendor engineer’s session on A1 waits, out of the hub, until A’s approver approves; the vendor’s super user may not', async () => {
      const session = await opened(w.engineer.token, { client_id: client.id, device_id: w.boxes.a1 });
      expect(session).toMatchObject({ status: 'pending', needs_approval: true, started_at: null, expires_at: null });
      expect(await flowOf(session.id)).toBeUndefined();

      // B sees nothing of it, and may not answer it
      expect((await t.api('GET', `${REMOTE_SESSION_PATH}/${session.id}`, { token: w.customerB.token })).statusCode).toBe(404);
      expect((await t.api('GET', REMOTE_SESSION_PATH, { token: w.customerB.token })).json().data.map((s: RemoteSession) => s.id)).not.toContain(session.id);
      expect((await act(session.id, 'approve', w.customerB.token)).statusCode).toBe(404);
      // the vendor may not approve on A's behalf, whatever its grants
      const vendor = await act(session.id, 'approve', w.admin);
      expect(vendor.json()).toMatchObject({ code: 300, message: expect.stringContaining('平台运营方不能代替客户审批') });
      // the requester holds no approve bit of A's: it cannot approve its own request either
      expect((await act(session.id, 'approve', w.engineer.token)).json().code).toBe(300);
      expect((await get(session.id)).status).toBe('pending');

      t.clock.advance(10 * 60_000);
      try {
        const approved = await act(session.id, 'approve', w.approverA.token);
        expect(approved.json().code, approved.body).toBe(200);
        const now = await get(session.id, w.approverA.token);
        expect(now).toMatchObject({ status: 'active', approved_by: 'rs-approver-a' });
        // the clock starts at the approval
        expect(new Date(now.started_at!).getTime()).toBeGreaterThan(new Date(now.requested_at).getTime() + 9 * 60_000);
        expect(await flowOf(session.id)).toBeDefined();
        // the requester is told live
        expect(events).toContainEqual(expect.objectContaining({ type: 'remote_session', session_id: session.id, status: 'active', user_id: w.engineer.id }));
      } finally {
        t.clock.advance(-10 * 60_000);
      }
      await act(session.id, 'close', w.approverA.token);
    });

    it('a refusal never opens it', async () => {
      const session = await opened(w.engineer.token, { client_id: client.id, device_id: w.boxes.a });
      expect(session.status).toBe('pending');
      expect((await act(session.id, 'reject', w.approverA.token)).json().code).toBe(200);
      expect(await get(session.id)).toMatchObject({ status: 'rejected', end_reason: 'rejected', approved_by: 'rs-approver-a', started_at: null });
      expect(await flowOf(session.id)).toBeUndefined();
      expect((await act(session.id, 'approve', w.approverA.token)).json().code).toBe(300);
      expect(await flowOf(session.id)).toBeUndefined();
    });

    it('A’s own users need no approval on A’s boxes', async () => {
      const session = await opened(w.approverA.token, { client_id: clientA.id, device_id: w.boxes.a1 });
      expect(session).toMatchObject({ status: 'active', needs_approval: false });
      await act(session.id, 'close', w.approverA.token);
    });
  });

  it('ends when its licence is revoked, its user disabled, its box reassigned or scrapped', async () => {
    const onA = await opened(w.engineer.token, { client_id: client.id, device_id: w.boxes.a });
    expect((await t.api('POST', `${LICENSE_PATH}/${w.licences.a}/revoke`, { token: w.admin, body: { reason: '测试' } })).json().code).toBe(200);
    expect(await flowOf(onA.id)).toBeUndefined();
    expect(await ended(onA.id)).toMatchObject({ end_reason: 'unlicensed', ended_by: '' });

    const client2 = await makeClient(t, w.engineer2.token, { name: '二号' });
    const byEngineer2 = await opened(w.engineer2.token, { client_id: client2.id, device_id: w.boxes.b });
    expect(await flowOf(byEngineer2.id)).toBeDefined();
    // straight in the database: the sweep alone finds it
    await t.db.update(adminUser).set({ enabled: false }).where(eq(adminUser.id, w.engineer2.id));
    expect(await flowOf(byEngineer2.id)).toBeUndefined();
    expect(await ended(byEngineer2.id)).toMatchObject({ end_reason: 'user_disabled' });

    const onA1 = await opened(w.engineer.token, { client_id: client.id, device_id: w.boxes.a1 });
    expect((await t.api('POST', `${DEVICE_PATH}/assign`, { token: w.admin, body: { ids: [w.boxes.a1], customer_id: w.b } })).json().code).toBe(200);
    expect(await flowOf(onA1.id)).toBeUndefined();
    expect(await ended(onA1.id)).toMatchObject({ end_reason: 'box_moved', customer_id: w.a1 });
    // the record stays with A1's company, out of B's sight
    expect((await t.api('GET', `${REMOTE_SESSION_PATH}/${onA1.id}`, { token: w.customerB.token })).statusCode).toBe(404);

    const onB = await opened(w.engineer.token, { client_id: client.id, device_id: w.boxes.b });
    expect((await t.api('POST', `${DEVICE_PATH}/scrap`, { token: w.admin, body: { ids: [w.boxes.b], remark: '测试' } })).json().code).toBe(200);
    expect(await flowOf(onB.id)).toBeUndefined();
    expect(await ended(onB.id)).toMatchObject({ end_reason: 'box_scrapped' });
    // and nothing opens on it again
    const again = await open(w.engineer.token, { client_id: client.id, device_id: w.boxes.b });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('该设备已报废');
  });

  it('exports the list', async () => {
    const res = await t.api('POST', `${REMOTE_SESSION_PATH}/export`, { token: w.engineer.token, body: {} });
    expect(res.json().code, res.body).toBe(200);
  });
});

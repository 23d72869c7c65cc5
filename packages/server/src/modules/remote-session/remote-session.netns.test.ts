import { eq } from 'drizzle-orm';
import {
  ACTION,
  DEBUG_CLIENT_KEY_PLACEHOLDER,
  DEBUG_CLIENT_PATH,
  DEVICE_PATH,
  LICENSE_PATH,
  MACHINE_PATH,
  REMOTE_SESSION_PATH,
  type RemoteSession,
  menuPath,
} from '@gw/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customer, device, role } from '../../db/schema.js';
import { usePasswordCostForTests } from '../../lib/password.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { hostProblem } from '../../vpn-hub/host.js';
import { generateKeyPair, publicKeyOf } from '../../vpn-hub/keys.js';
import { createPlatformLab, type Engineer, eventually, type LabSite, type PlatformLab } from '../../vpn-hub/test/platform-lab.js';
import { startMachine, type Agent, type Machine } from '@gw/simulator/netns';

// Needs root, iproute2, wg, nft and (without kernel WireGuard) wireguard-go: said in one line when skipped.
const problem = hostProblem();
if (problem) console.log(`[vpn] 跳过远程会话的命名空间测试 (remote session netns tests skipped): ${problem.message}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What a user waits at most for a change to show in the traffic: a session opened, ended, approved. */
const LIMIT = 2000;

/**
 * Remote access as its users notice it, through real tunnels: a test server with the hub process following it,
 * boxes whose tunnels are made from what the platform sends them over MQTT, machine tools at their IP dialog
 * addresses behind them, and engineers' PCs set up from the wg-quick file 调试代理 hands out. One lab for the
 * file; the tests run in order on it, each leaving no session open.
 */
describe.skipIf(problem !== null)('remote sessions through real tunnels', () => {
  let p: PlatformLab;
  let w: FleetWorld;
  /** A1: a box of factory A (its plant A1) with two machine tools; B1: factory B's box with one; A0: A's box whose licence has no vpn. */
  let a1: LabSite;
  let b1: LabSite;
  let a0: LabSite;
  /** A1's own service on its VPN address (BOX_REMOTE_PORTS), as a box's web page would be. */
  let a1Own: Machine;
  let a1Vpn: string;
  /** The vendor's engineer, A's approver (a user of company A), a user of company B. */
  const tokens = { engineer: '', approverA: '', userB: '' };
  let engineer: Engineer;
  let engineerClient: { id: number; address: string; publicKey: string };
  /** A client of B's user, made when B's user first tries A's box. */
  let clientB: number;
  const licences: Record<string, number> = {};
  const machines: Record<string, { id: number; ip: string; name: string }> = {};

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) => p.platform.api(method, url, { token, body });
  const ok = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown): Promise<T> => {
    const res = await api(method, url, token, body);
    expect(res.json().code, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().data as T;
  };
  const open = (token: string, body: Record<string, unknown>) => ok<RemoteSession>('POST', REMOTE_SESSION_PATH, token, { client_id: engineerClient.id, minutes: 120, ...body });
  const act = (token: string, id: number, action: 'close' | 'approve' | 'reject') => ok<null>('POST', `${REMOTE_SESSION_PATH}/${id}/${action}`, token);
  const session = (id: number) => ok<RemoteSession>('GET', `${REMOTE_SESSION_PATH}/${id}`, w.admin);

  const machine = async (deviceId: number, code: string) => {
    const data = await ok<{ id: number; ip: string }>('POST', MACHINE_PATH, w.admin, { device_id: deviceId, code, category: 'fanuc', enabled: false });
    return (machines[code] = { id: data.id, ip: data.ip, name: code });
  };
  const license = async (deviceId: number, vpn: boolean) =>
    (await ok<{ id: number }>('POST', LICENSE_PATH, w.admin, { device_id: deviceId, finger_print: `fp-${deviceId}`, type: 'business', vpn, count: [{ model: 'all', count: 5 }] })).id;
  const handshaken = async (publicKey: string) => {
    const lines = (await p.hub.ns.run(['wg', 'show', p.hub.iface, 'latest-handshakes'])).stdout.split('\n');
    return lines.some((line) => line.startsWith(`${publicKey}\t`) && line.split('\t')[1] !== '0');
  };
  /** The first line of A1's first machine tool's data port as the engineer's PC sees it, or null. */
  const reachesA1 = (agent: Agent = engineer.agent, timeoutMs = 500) => agent.tcp(machines['cnc-a1-1'].ip, 8193, timeoutMs);
  /** Waits until `agent` reaches A1's first machine tool; how long it took. */
  const flowsWithin = async (limitMs: number, agent: Agent = engineer.agent) => {
    const started = Date.now();
    await eventually(() => reachesA1(agent, 300), limitMs, '会话开始后连接 A1 的机床');
    return Date.now() - started;
  };
  /**
   * Holds a TCP connection to A1's first machine tool open, does `end`, and checks what the engineer sees: the
   * connection's data stops and a new connection fails, both within LIMIT. Answers the ms from `end` to the last line.
   */
  const cutWithin = async (end: () => Promise<unknown>, agent: Agent = engineer.agent) => {
    const stream = agent.stream(machines['cnc-a1-1'].ip, 8193);
    await eventually(() => stream.heard.length >= 3, 5000, '长连接收到数据');
    const ended = Date.now();
    await end();
    await sleep(ended + LIMIT - Date.now());
    const fresh = agent.tcp(machines['cnc-a1-1'].ip, 8193, 1000);
    await sleep(500);
    expect(stream.heard.filter((entry) => entry.at > ended + LIMIT)).toEqual([]);
    expect(await fresh).toBeNull();
    await stream.close();
    return Math.max(0, stream.heard.at(-1)!.at - ended);
  };
  /** The hub's table and its peers with their allowed IPs, as the hub namespace lists them. */
  const hubSnapshot = async () => [
    (await p.hub.ns.run(['nft', 'list', 'table', 'inet', 'gw_hub'])).stdout,
    (await p.hub.ns.run(['wg', 'show', p.hub.iface, 'allowed-ips'])).stdout.split('\n').sort(),
  ];

  const settle = async () => {
    await sleep(300);
    return hubSnapshot();
  };

  beforeAll(async () => {
    usePasswordCostForTests();
    p = await createPlatformLab('gwr');
    const { t } = p.platform;
    w = await fleetWorld(t, 'RS');
    const machinesA1 = [await machine(w.boxes.a1, 'cnc-a1-1'), await machine(w.boxes.a1, 'cnc-a1-2')];
    const machinesB1 = [await machine(w.boxes.b, 'cnc-b1-1')];
    licences.a1 = await license(w.boxes.a1, true);
    licences.b1 = await license(w.boxes.b, true);
    licences.a0 = await license(w.boxes.a, false);

    // who uses remote access: the vendor's engineer (a user of the vendor's own company), and a user of each factory who may approve
    const grants = (approve: boolean) => [
      { menu: DEBUG_CLIENT_PATH, action: ACTION.query | ACTION.add | ACTION.edit | ACTION.delete },
      { menu: REMOTE_SESSION_PATH, action: ACTION.query | ACTION.add | ACTION.edit | ACTION.export | (approve ? ACTION.approve : 0) },
      { menu: DEVICE_PATH, action: ACTION.query },
      { menu: menuPath('machine-tool'), action: ACTION.query },
    ];
    const [vendorRole] = await t.db.insert(role).values({ name: 'RS 远程工程师', menus: grants(false) }).returning({ id: role.id });
    const [factoryRole] = await t.db.insert(role).values({ name: 'RS 工厂远程', menus: grants(true) }).returning({ id: role.id });
    const [vendor] = await t.db.select({ id: customer.id }).from(customer).where(eq(customer.is_vendor, true));
    await t.createUser({ username: 'rs-engineer', password: 'secret-123', roles: [vendorRole.id], customer_id: vendor.id });
    await t.createUser({ username: 'rs-remote-a', password: 'secret-123', roles: [factoryRole.id], customer_id: w.a });
    await t.createUser({ username: 'rs-remote-b', password: 'secret-123', roles: [factoryRole.id], customer_id: w.b });
    tokens.engineer = await t.login('rs-engineer', 'secret-123');
    tokens.approverA = await t.login('rs-remote-a', 'secret-123');
    tokens.userB = await t.login('rs-remote-b', 'secret-123');

    // the engineer's PC, set up from the file 调试代理 answered (the private key in it, made by the platform)
    const created = await ok<{ id: number; address: string; public_key: string; config: string }>('POST', DEBUG_CLIENT_PATH, tokens.engineer, { name: '笔记本', location: '上海' });
    engineerClient = { id: created.id, address: created.address, publicKey: created.public_key };
    const identity = (id: string) => ({ gatewayId: id, secret: w.secrets[id] });
    [a1, b1, a0, engineer] = await Promise.all([p.site('a1', identity('RS-A1'), machinesA1), p.site('b1', identity('RS-B'), machinesB1), p.site('a0', identity('RS-A'), []), p.engineer('eng', created.config)]);

    // every tunnel is up: what follows is about sessions, not about tunnels coming up
    await p.hub.ready();
    await eventually(async () => (await handshaken(a1.box.keys.publicKey)) && (await handshaken(b1.box.keys.publicKey)), 15_000, '盒子与集线器握手');
    await eventually(() => handshaken(created.public_key), 15_000, '工程师电脑与集线器握手');
    a1Vpn = a1.box.config()!.address.split('/')[0];
    a1Own = await startMachine(a1.box.ns, 'box-a1', a1Vpn);
  }, 180_000);

  // a test that failed half-way leaves no session open for the next one to trip over
  afterEach(async () => {
    if (!w) return;
    const open = await ok<RemoteSession[]>('GET', `${REMOTE_SESSION_PATH}?limit=100`, w.admin);
    for (const row of open.filter((entry) => entry.status === 'pending' || entry.status === 'active')) await api('POST', `${REMOTE_SESSION_PATH}/${row.id}/close`, w.admin);
  });

  afterAll(async () => {
    await p?.cleanup();
  });

  it('gives a box without a vpn licence no tunnel, and the licensed ones theirs as the platform computed it', async () => {
    const [row] = await p.platform.t.db.select().from(device).where(eq(device.id, w.boxes.a1));
    expect(a1.box.config()).toEqual({
      address: `${row.vpn_ip}/32`,
      hub: { public_key: p.hub.publicKey, endpoint: `${p.endpointIp}:51820` },
      allowed_ips: ['10.9.0.0/16'],
      keepalive: 25,
      lan: `${row.machine_net!.split('/')[0].replace(/\.0$/, '.1')}/24`,
      nat: [],
    });
    expect(a0.box.vpnCommands).toEqual([]);
    expect(await a0.box.tunnelUp()).toBe(false);
    const peers = await p.hub.peers();
    expect(peers).toEqual(expect.arrayContaining([a1.box.keys.publicKey, b1.box.keys.publicKey]));
    expect(peers).not.toContain(a0.box.keys.publicKey);
    // the engineer's file is the one the contract describes: its own address, the hub, the VPN and machine pools
    expect(engineer.file).toEqual({
      interface: { privateKey: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/), address: `${engineerClient.address}/32` },
      peer: { publicKey: p.hub.publicKey, endpoint: `${p.endpointIp}:51820`, allowedIps: ['10.8.0.0/16', '10.100.0.0/16'], keepalive: 25 },
    });
    expect(publicKeyOf(engineer.file.interface.privateKey)).toBe(engineerClient.publicKey);
  });

  it('lets the engineer reach nothing while no session is open', async () => {
    const answers = await Promise.all([reachesA1(engineer.agent, 1000), engineer.agent.http(machines['cnc-a1-1'].ip, 80, 1000), engineer.agent.tcp(machines['cnc-b1-1'].ip, 8193, 1000), engineer.agent.http(a1Vpn, 80, 1000)]);
    expect(answers).toEqual([null, null, null, null]);
  });

  it('opens A1 to the vendor’s engineer: its machine tools on 8193 and 80 and its own page, nothing of B1; 结束 cuts within 2 s', async () => {
    const opened = await open(tokens.engineer, { device_id: w.boxes.a1 });
    expect(opened).toMatchObject({ status: 'active', needs_approval: false, machines: '全部机床' });
    const first = await flowsWithin(LIMIT);
    const [m1, m2] = [machines['cnc-a1-1'], machines['cnc-a1-2']];
    expect(await engineer.agent.tcp(m1.ip, 8193, 1000)).toBe('cnc-a1-1');
    expect(await engineer.agent.http(m1.ip, 80, 1000)).toBe('<h1>cnc-a1-1</h1>');
    expect(await engineer.agent.tcp(m2.ip, 8193, 1000)).toBe('cnc-a1-2');
    expect(await engineer.agent.http(m2.ip, 80, 1000)).toBe('<h1>cnc-a1-2</h1>');
    // the box's own address: its page on 80, not its other ports
    expect(await engineer.agent.http(a1Vpn, 80, 1000)).toBe('<h1>box-a1</h1>');
    expect(await engineer.agent.tcp(a1Vpn, 8193, 1000)).toBeNull();
    expect(a1Own.heard.map((entry) => entry.line).filter((line) => line !== 'ready')).toEqual([`http ${engineerClient.address}`]);
    expect(await Promise.all([engineer.agent.tcp(machines['cnc-b1-1'].ip, 8193, 1000), engineer.agent.http(machines['cnc-b1-1'].ip, 80, 1000)])).toEqual([null, null]);
    expect(b1.machines[0].heard.filter((entry) => entry.line.endsWith(engineerClient.address))).toEqual([]);

    const cut = await cutWithin(() => act(tokens.engineer, opened.id, 'close'));
    expect(await session(opened.id)).toMatchObject({ status: 'ended', end_reason: 'closed', ended_by: 'rs-engineer' });
    console.log(`[vpn] 会话开启 → 首字节 ${first} ms; 结束 → 切断 ${cut} ms`);
  });

  it('opens only the machine tools chosen', async () => {
    const [m1, m2] = [machines['cnc-a1-1'], machines['cnc-a1-2']];
    const opened = await open(tokens.engineer, { device_id: w.boxes.a1, machine_ids: [m2.id] });
    expect(opened).toMatchObject({ status: 'active', machine_ids: [m2.id], machines: 'cnc-a1-2' });
    await eventually(() => engineer.agent.tcp(m2.ip, 8193, 300), LIMIT, '连接所选机床');
    expect(await engineer.agent.tcp(m1.ip, 8193, 1000)).toBeNull();
    await act(tokens.engineer, opened.id, 'close');
  });

  it('ends a short session by the clock, cutting it within 2 s of its expiry', async () => {
    const opened = await open(tokens.engineer, { device_id: w.boxes.a1, minutes: 5 });
    expect(opened.status).toBe('active');
    await flowsWithin(LIMIT);
    // the platform's clock moved past the end: its sweep of open sessions (every second while any is) ends it
    const cut = await cutWithin(async () => p.platform.t.clock.advance(5 * 60_000 + 1000));
    expect(await session(opened.id)).toMatchObject({ status: 'ended', end_reason: 'expired', ended_by: '' });
    console.log(`[vpn] 到期 → 切断 ${cut} ms`);
  });

  it('makes a session on a factory that requires approval wait for its approver; a refused one never opens', async () => {
    await ok('PUT', `${menuPath('customer')}/${w.a}`, w.admin, { remote_approval: true });
    try {
      const asked = await open(tokens.engineer, { device_id: w.boxes.a1 });
      expect(asked).toMatchObject({ status: 'pending', needs_approval: true, started_at: null });
      expect(await reachesA1(engineer.agent, 600)).toBeNull();

      // a user of B sees nothing of it, cannot approve it, nor open anything on A's box with a client of its own
      const listB = await ok<RemoteSession[]>('GET', `${REMOTE_SESSION_PATH}?limit=100`, tokens.userB);
      expect(listB.map((row) => row.id)).not.toContain(asked.id);
      expect((await api('GET', `${REMOTE_SESSION_PATH}/${asked.id}`, tokens.userB)).statusCode).toBe(404);
      for (const action of ['approve', 'reject', 'close'] as const) {
        const res = await api('POST', `${REMOTE_SESSION_PATH}/${asked.id}/${action}`, tokens.userB);
        expect(res.statusCode, `${action}: ${res.body}`).toBe(404);
      }
      clientB = (await ok<{ id: number }>('POST', DEBUG_CLIENT_PATH, tokens.userB, { name: '乙的电脑' })).id;
      const foreign = await api('POST', REMOTE_SESSION_PATH, tokens.userB, { client_id: clientB, device_id: w.boxes.a1, minutes: 30 });
      expect(foreign.statusCode, foreign.body).toBe(404);
      // the vendor's superuser may not approve on the factory's behalf
      expect((await api('POST', `${REMOTE_SESSION_PATH}/${asked.id}/approve`, w.admin)).json().code).not.toBe(200);
      expect((await session(asked.id)).status).toBe('pending');
      expect(await reachesA1(engineer.agent, 500)).toBeNull();

      const approvedAt = Date.now();
      await act(tokens.approverA, asked.id, 'approve');
      expect(await session(asked.id)).toMatchObject({ status: 'active', approved_by: 'rs-remote-a' });
      await flowsWithin(LIMIT);
      console.log(`[vpn] 审批通过 → 首字节 ${Date.now() - approvedAt} ms`);
      await act(tokens.engineer, asked.id, 'close');
      // closed and cut before the next one is asked, so what follows is about that one alone
      await eventually(async () => (await reachesA1(engineer.agent, 300)) === null, LIMIT, '结束后切断');

      const refused = await open(tokens.engineer, { device_id: w.boxes.a1 });
      expect(refused.status).toBe('pending');
      await act(tokens.approverA, refused.id, 'reject');
      expect(await session(refused.id)).toMatchObject({ status: 'rejected', approved_by: 'rs-remote-a', end_reason: 'rejected' });
      expect(await reachesA1(engineer.agent, 800)).toBeNull();
      expect((await api('POST', `${REMOTE_SESSION_PATH}/${refused.id}/approve`, tokens.approverA)).json().code).not.toBe(200);
      expect(await reachesA1(engineer.agent, 600)).toBeNull();
    } finally {
      await ok('PUT', `${menuPath('customer')}/${w.a}`, w.admin, { remote_approval: false });
    }
  });

  it('refuses bad input in Chinese and leaves the hub as it was', async () => {
    // the hub at rest first (the last test's sessions ended just now): two reads 300 ms apart that agree
    let before = await hubSnapshot();
    for (let again = await settle(); JSON.stringify(again) !== JSON.stringify(before); again = await settle()) before = again;
    const appliedBefore = p.hub.applied();
    const refusals: [string, string, Record<string, unknown>, number, RegExp, string?][] = [
      ['a session for a box that does not exist', REMOTE_SESSION_PATH, { client_id: engineerClient.id, device_id: 999_999, minutes: 30 }, 404, /./],
      ['a session for a box of another company', REMOTE_SESSION_PATH, { client_id: clientB, device_id: w.boxes.a1, minutes: 30 }, 404, /./, tokens.userB],
      ['a session with a client of someone else', REMOTE_SESSION_PATH, { client_id: clientB, device_id: w.boxes.a1, minutes: 30 }, 400, /只能使用自己创建的调试代理/],
      ['too short', REMOTE_SESSION_PATH, { client_id: engineerClient.id, device_id: w.boxes.a1, minutes: 4 }, 400, /时长应在 5–1440 分钟之间/],
      ['too long', REMOTE_SESSION_PATH, { client_id: engineerClient.id, device_id: w.boxes.a1, minutes: 1441 }, 400, /时长应在 5–1440 分钟之间/],
      ['not a number', REMOTE_SESSION_PATH, { client_id: engineerClient.id, device_id: w.boxes.a1, minutes: '两小时' }, 400, /时长/],
      ['a machine tool of another box', REMOTE_SESSION_PATH, { client_id: engineerClient.id, device_id: w.boxes.a1, machine_ids: [machines['cnc-b1-1'].id], minutes: 30 }, 400, /机床/],
      ['a box without a vpn licence', REMOTE_SESSION_PATH, { client_id: engineerClient.id, device_id: w.boxes.a, minutes: 30 }, 400, /该设备未授权 VPN/],
      ['a malformed key', DEBUG_CLIENT_PATH, { name: '坏密钥', public_key: 'not-a-key' }, 400, /客户端公钥/],
      ['a key of 31 bytes', DEBUG_CLIENT_PATH, { name: '短密钥', public_key: Buffer.alloc(31, 7).toString('base64') }, 400, /客户端公钥/],
      ['no name', DEBUG_CLIENT_PATH, { name: '   ' }, 400, /请输入名称/],
    ];
    for (const [what, url, body, status, message, token] of refusals) {
      const res = await api('POST', url, token ?? tokens.engineer, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().message, what).toMatch(message);
      expect(res.json().message, what).toMatch(/[\u4e00-\u9fff]/);
    }
    await sleep(500);
    expect(await hubSnapshot()).toEqual(before);
    expect(p.hub.applied()).toBe(appliedBefore);
    expect(await reachesA1(engineer.agent, 500)).toBeNull();
  });

  it('keeps a session through a hub restart and a platform restart, and lets nothing to B1 through meanwhile', async () => {
    const opened = await open(tokens.engineer, { device_id: w.boxes.a1 });
    await flowsWithin(LIMIT);
    const fromEngineer = () => b1.machines[0].heard.filter((entry) => entry.line.endsWith(engineerClient.address));
    const stopProbe = await engineer.agent.udp([machines['cnc-b1-1'].ip], 8193, 3);
    const stream = engineer.agent.stream(machines['cnc-a1-1'].ip, 8193);
    await eventually(() => stream.heard.length >= 3, 5000, '长连接收到数据');

    const hubDown = await p.hub.restart();
    const afterHub = stream.heard.length;
    await eventually(() => stream.heard.length > afterHub + 2, 3000, '集线器重启后长连接继续');
    expect(await reachesA1(engineer.agent, 1000)).toBe('cnc-a1-1');

    const platformDown = await p.platform.restart();
    const afterPlatform = stream.heard.length;
    await eventually(() => stream.heard.length > afterPlatform + 2, 3000, '平台重启后长连接继续');
    expect(await reachesA1(engineer.agent, 1000)).toBe('cnc-a1-1');
    // the platform back: it still holds the session, and ending it still cuts
    expect((await session(opened.id)).status).toBe('active');

    await sleep(300);
    const sent = await stopProbe();
    await stream.close();
    expect(sent).toBeGreaterThan(200);
    expect(fromEngineer()).toEqual([]);
    await cutWithin(() => act(tokens.engineer, opened.id, 'close'));
    console.log(`[vpn] 集线器重启 ${hubDown} ms, 平台重启 ${platformDown} ms, 探测数据报 ${sent} 个, 到达 B1 的 0 个`);
  });

  it('resumes a session once a restarting box has made its interface anew', async () => {
    const opened = await open(tokens.engineer, { device_id: w.boxes.a1 });
    await flowsWithin(LIMIT);
    await a1.box.powerOff();
    expect(await reachesA1(engineer.agent, 1000)).toBeNull();
    const booted = Date.now();
    await a1.box.powerOn();
    await eventually(() => reachesA1(engineer.agent, 300), 10_000, '盒子重启后连接 A1 的机床');
    console.log(`[vpn] 盒子重启 → 恢复 ${Date.now() - booted} ms`);
    await act(tokens.engineer, opened.id, 'close');
  });

  it('cuts a running session when A1’s licence is revoked, and a new licence gives the box its tunnel again', async () => {
    const opened = await open(tokens.engineer, { device_id: w.boxes.a1 });
    await flowsWithin(LIMIT);
    const cut = await cutWithin(() => ok('POST', `${LICENSE_PATH}/${licences.a1}/revoke`, w.admin, { reason: '测试吊销' }));
    expect(await session(opened.id)).toMatchObject({ status: 'ended', end_reason: 'unlicensed' });
    await eventually(async () => !(await p.hub.peers()).includes(a1.box.keys.publicKey), LIMIT, '集线器移除 A1');
    await eventually(async () => !(await a1.box.tunnelUp()), 5000, 'A1 收到 DELETE 并拆除隧道');
    console.log(`[vpn] 吊销许可 → 切断 ${cut} ms`);

    licences.a1 = await license(w.boxes.a1, true);
    await eventually(() => a1.box.tunnelUp(), 5000, '新许可后 A1 重建隧道');
    await eventually(() => handshaken(a1.box.keys.publicKey), 10_000, 'A1 与集线器再次握手');
  });

  it('cuts a session within 2 s when its client is deleted, and drops the peer', async () => {
    // a second PC of the engineer, with a key of its own: the file comes with the private key left for the user to fill in
    const own = generateKeyPair();
    const created = await ok<{ id: number; address: string; config: string; qr: string }>('POST', DEBUG_CLIENT_PATH, tokens.engineer, { name: '自备密钥', public_key: own.publicKey });
    expect(created.config).toContain(`PrivateKey = ${DEBUG_CLIENT_KEY_PLACEHOLDER}`);
    expect(created.qr).toBe('');
    const pc = await p.engineer('own', created.config.replace(DEBUG_CLIENT_KEY_PLACEHOLDER, own.privateKey));
    const opened = await open(tokens.engineer, { client_id: created.id, device_id: w.boxes.a1 });
    await flowsWithin(5000, pc.agent);
    // the other PC of the same engineer has no session of its own
    expect(await reachesA1(engineer.agent, 500)).toBeNull();

    const cut = await cutWithin(() => ok('DELETE', `${DEBUG_CLIENT_PATH}/${created.id}`, tokens.engineer), pc.agent);
    expect(await session(opened.id)).toMatchObject({ status: 'ended', end_reason: 'client_deleted', client_id: null });
    await eventually(async () => !(await p.hub.peers()).includes(own.publicKey), LIMIT, '集线器移除客户端');
    console.log(`[vpn] 删除客户端 → 切断 ${cut} ms`);
  });

  it('refuses a key a box reports without a reset: never a peer; the box’s tunnel held until it reports its bound key again', async () => {
    const opened = await open(tokens.engineer, { device_id: w.boxes.a1 });
    await flowsWithin(LIMIT);
    const bound = a1.box.keys.publicKey;
    const other = generateKeyPair();
    const row = async () => (await p.platform.t.db.select().from(device).where(eq(device.id, w.boxes.a1)))[0];
    await a1.box.announceKey(other.publicKey);
    await eventually(async () => (await row()).wg_refused_key === other.publicKey, 5000, '新密钥被拒');
    expect((await row()).wg_public_key).toBe(bound);
    // a box reporting another key may be a copy of it: its tunnel is held (密钥不符) — the hub drops its peer
    // and the box is told DELETE — and the new key is never a peer
    await eventually(async () => !(await p.hub.peers()).includes(bound), LIMIT, '集线器暂停 A1 的对端');
    await eventually(async () => !(await a1.box.tunnelUp()), 5000, 'A1 收到 DELETE');
    expect(await p.hub.peers()).not.toContain(other.publicKey);
    expect(await reachesA1(engineer.agent, 1000)).toBeNull();

    // the box reports its bound key again: the refusal is cleared, its tunnel sent again, and the session goes on
    await a1.box.announceKey(bound);
    await eventually(() => a1.box.tunnelUp(), 5000, 'A1 重建隧道');
    const back = Date.now();
    await eventually(() => reachesA1(engineer.agent, 300), 10_000, 'A1 的机床再次可达');
    console.log(`[vpn] 密钥恢复 → 机床再次可达 ${Date.now() - back} ms`);
    expect(await p.hub.peers()).not.toContain(other.publicKey);
    expect((await session(opened.id)).status).toBe('active');
  });
});

import { generateKeyPairSync } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_PATH, type Device, HUB_API, type HubFeed, LICENSE_PATH } from '@gw/contracts';
import { device } from '../../db/schema.js';
import { tunnelPlans } from '../../mqtt/tunnel/plan.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { API, type TestApp, createTestApp } from '../../test/harness.js';

/** A WireGuard public key as a box makes one: X25519, the raw 32 bytes in base64. */
const wgKey = () => Buffer.from(generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64');
const TOKEN = 'hub-secret-0123456789abcdefghijklmnop';
const HUB_ENV = { VPN_HUB_TOKEN: TOKEN, VPN_ENDPOINT: 'vpn.example.com:51820', VPN_HUB_PUBLIC_KEY: wgKey() };

describe('the hub’s routes (/vpn/hub/state, watch, status)', () => {
  let t: TestApp;
  let w: FleetWorld;
  const boxKey = wgKey();

  const hub = (method: 'GET' | 'POST', path: string, options: { token?: string | null; body?: unknown } = {}) =>
    t.app.inject({
      method,
      url: `${API}${path}`,
      headers: options.token === null ? {} : { authorization: `Bearer ${options.token ?? TOKEN}` },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
  const feed = async (path: string = HUB_API.state) => {
    const res = await hub('GET', path);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: HubFeed }>().data;
  };
  const license = async (vpn: boolean) => {
    const res = await t.api('POST', LICENSE_PATH, { token: w.admin, body: { device_id: w.boxes.a, finger_print: 'fp-vh', type: 'business', vpn, count: [{ model: 'all', count: 5 }] } });
    expect(res.json().code, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const tunnelState = async () => (await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}`, { token: w.admin })).json<{ data: Device }>().data.tunnel_state;

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'], env: HUB_ENV });
    w = await fleetWorld(t, 'VH');
    await t.db.update(device).set({ wg_public_key: boxKey }).where(eq(device.id, w.boxes.a));
  });
  let closed = false;
  afterAll(async () => {
    if (!closed) await t.close();
  });

  it('answers 401 in the envelope without the hub’s token, whatever session token comes along', async () => {
    for (const res of [await hub('GET', HUB_API.state, { token: null }), await hub('GET', HUB_API.state, { token: `${TOKEN}x` }), await hub('GET', HUB_API.watch, { token: w.admin })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, message: expect.stringContaining('集线器令牌错误'), data: null });
    }
  });

  it('says the hub’s address and no box until one may tunnel; a watch answers as soon as a licence gives one, and again when it is revoked', async () => {
    const empty = await feed();
    expect(empty).toMatchObject({ address: '10.8.0.1/16', boxes: [], clients: [], flows: [] });
    expect(await feed(`${HUB_API.watch}?version=old`)).toEqual(empty);

    const started = Date.now();
    const waiting = feed(`${HUB_API.watch}?version=${empty.version}`);
    const licence = await license(true);
    const withBox = await waiting;
    expect(Date.now() - started).toBeLessThan(5000);
    const [row] = await t.db.select().from(device).where(eq(device.id, w.boxes.a));
    expect(withBox.version).not.toBe(empty.version);
    expect(withBox.boxes).toEqual([{ id: 'VH-A', public_key: boxKey, vpn_ip: `${row.vpn_ip}/32`, machine_net: row.machine_net }]);
    expect(await feed()).toEqual(withBox);

    const revoked = feed(`${HUB_API.watch}?version=${withBox.version}`);
    expect((await t.api('POST', `${LICENSE_PATH}/${licence}/revoke`, { token: w.admin, body: { reason: '测试' } })).json().code).toBe(200);
    const after = await revoked;
    expect(after.boxes).toEqual([]);
    expect(after.version).toBe(empty.version);
  });

  it('answers a watch with the same state at the end of its wait when nothing changed', async () => {
    const now = await feed();
    const started = Date.now();
    expect(await feed(`${HUB_API.watch}?version=${now.version}&wait=1`)).toEqual(now);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const bad = await hub('GET', `${HUB_API.watch}?version=${now.version}&wait=60`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('wait');
  });

  it('shows 已连接 while the hub reports a recent handshake of the box’s peer, and refuses a malformed report naming the field', async () => {
    await license(true);
    // the box acknowledged its tunnel (as it does over MQTT)
    const [plan] = await tunnelPlans(t.db, t.config.vpnHub, sql`device.id = ${w.boxes.a}`);
    await t.db.update(device).set({ vpn_acked: plan.hash }).where(eq(device.id, w.boxes.a));
    expect(await tunnelState()).toBe('applied');

    const report = (minutesAgo: number) => ({ peers: [{ public_key: boxKey, latest_handshake: new Date(Date.now() - minutesAgo * 60_000).toISOString(), rx_bytes: 1200, tx_bytes: 3400 }] });
    const sent = await hub('POST', HUB_API.status, { body: report(1) });
    expect(sent.json(), sent.body).toMatchObject({ code: 200, data: { peers: 1 } });
    expect(await tunnelState()).toBe('connected');
    await hub('POST', HUB_API.status, { body: report(4) });
    expect(await tunnelState()).toBe('applied');

    const bad = await hub('POST', HUB_API.status, { body: { peers: [{ public_key: 'not-a-key', latest_handshake: null, rx_bytes: 0, tx_bytes: 0 }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/peers\.0\.public_key: 公钥格式不正确/);
    const negative = await hub('POST', HUB_API.status, { body: { peers: [{ public_key: boxKey, latest_handshake: 'yesterday', rx_bytes: -1, tx_bytes: 0 }] } });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toMatch(/peers\.0\.latest_handshake/);
  });

  it('documents all three in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/custom/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(doc.paths[`${API}${HUB_API.state}`]).toHaveProperty('get');
    expect(doc.paths[`${API}${HUB_API.watch}`]).toHaveProperty('get');
    expect(doc.paths[`${API}${HUB_API.status}`]).toHaveProperty('post');
  });

  it('answers a waiting watch at once when the platform stops, rather than holding the stop', async () => {
    const now = await feed();
    const waiting = hub('GET', `${HUB_API.watch}?version=${now.version}`);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    closed = true;
    await t.close();
    expect((await waiting).json().data).toEqual(now);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('a platform without VPN_HUB_TOKEN', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('answers the hub’s paths 404, as if they were not there', async () => {
    t = await createTestApp();
    for (const [method, path] of [['GET', HUB_API.state], ['GET', HUB_API.watch], ['POST', HUB_API.status]] as const) {
      const res = await t.app.inject({ method, url: `${API}${path}`, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode, path).toBe(404);
    }
  });
});

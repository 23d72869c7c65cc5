import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoxCommand, DEVICE_PATH, type Device, LICENSE_PATH, MACHINE_PATH, boxTopic } from '@gw/contracts';
import { device } from '../../db/schema.js';
import { until } from '../../test/fake-box.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';

/** A WireGuard public key as a box makes one: X25519, the raw 32 bytes in base64. */
const wgKey = () => Buffer.from(generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64');
const HUB_KEY = wgKey();
const HUB = { VPN_ENDPOINT: 'vpn.example.com:51820', VPN_HUB_PUBLIC_KEY: HUB_KEY };

interface Box {
  client: mqtt.MqttClient;
  /** The tunnel commands it received (POST or DELETE /api/vpn), in order. */
  vpn: BoxCommand[];
  end(): Promise<void>;
}

/** A box's connection as its firmware makes it: subscribed to its commands, then its announce with `state`; it answers every command 0. */
async function connectBox(t: TestApp, gatewayId: string, secret: string, state: Record<string, unknown>): Promise<Box> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.deps.broker!.port}`, {
    clientId: gatewayId,
    username: gatewayId,
    password: secret,
    reconnectPeriod: 0,
    will: { topic: boxTopic('state', gatewayId), payload: Buffer.from(JSON.stringify({ online: false, conn: 'c1' })), qos: 1, retain: true },
  });
  const box: Box = {
    client,
    vpn: [],
    end: async () => {
      await client.endAsync();
      await until(async () => !(await boxRow(t, gatewayId)).online, `${gatewayId} offline`);
    },
  };
  client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString()) as BoxCommand;
    if (command.url === '/api/vpn') box.vpn.push(command);
    client.publish(boxTopic('echo', gatewayId), JSON.stringify({ cmd_id: command.cmd_id, ret: 0 }), { qos: 1 });
  });
  await client.subscribeAsync(boxTopic('control', gatewayId), { qos: 1 });
  await client.publishAsync(boxTopic('state', gatewayId), JSON.stringify({ online: true, ts: Date.now(), conn: 'c1', version: '1.0.0', ...state }), { qos: 1, retain: true });
  return box;
}

const boxRow = async (t: TestApp, gatewayId: string) => (await t.db.select().from(device).where(eq(device.gateway_id, gatewayId)))[0];
/** Lets what a box would be sent arrive: a send the test expects not to happen has had its chance. */
const settle = () => new Promise((r) => setTimeout(r, 400));

describe('a box’s WireGuard key and tunnel (POST / DELETE /api/vpn)', () => {
  let t: TestApp;
  let w: FleetWorld;
  const open: Box[] = [];
  const connect = async (gatewayId: string, state: Record<string, unknown>) => {
    const box = await connectBox(t, gatewayId, w.secrets[gatewayId], state);
    open.push(box);
    return box;
  };
  const tunnelState = async (id: number) => (await t.api('GET', `${DEVICE_PATH}/${id}`, { token: w.admin })).json<{ data: Device }>().data.tunnel_state;
  const license = async (deviceId: number, vpn: boolean) => {
    const res = await t.api('POST', LICENSE_PATH, { token: w.admin, body: { device_id: deviceId, finger_print: `fp-${deviceId}`, type: 'business', vpn, count: [{ model: 'all', count: 5 }] } });
    expect(res.json().code, res.body).toBe(200);
    return res.json().data.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'], env: HUB });
    w = await fleetWorld(t, 'VT');
  });
  afterAll(async () => {
    for (const box of open) box.client.end(true);
    await t.close();
  });

  it('binds the first key a box reports, refuses another until 重置密钥, then binds the next one', async () => {
    const gw = 'VT-B';
    const first = wgKey();
    expect(await tunnelState(w.boxes.b)).toBe('unlicensed');
    await license(w.boxes.b, false);
    let box = await connect(gw, { wg_public_key: first });
    await until(async () => (await boxRow(t, gw)).wg_public_key === first, 'key bound');
    // the announce's other fields count whatever its key: a malformed key is ignored
    await box.client.publishAsync(boxTopic('state', gw), JSON.stringify({ online: true, conn: 'c1', version: '1.0.1', wg_public_key: 'not-a-key' }), { qos: 1, retain: true });
    await until(async () => (await boxRow(t, gw)).firmware_version === '1.0.1', 'version kept');
    expect(await boxRow(t, gw)).toMatchObject({ wg_public_key: first, wg_refused_key: '' });

    const second = wgKey();
    await box.client.publishAsync(boxTopic('state', gw), JSON.stringify({ online: true, conn: 'c1', wg_public_key: second }), { qos: 1, retain: true });
    await until(async () => (await boxRow(t, gw)).wg_refused_key === second, 'key refused');
    expect((await boxRow(t, gw)).wg_public_key).toBe(first);
    // 密钥不符 is said only once the licence lets it tunnel: without vpn, 未授权 VPN comes first
    expect(await tunnelState(w.boxes.b)).toBe('unlicensed');
    await license(w.boxes.b, true);
    expect(await tunnelState(w.boxes.b)).toBe('key_mismatch');
    expect(box.vpn).toEqual([]);

    const reset = await t.api('POST', `${DEVICE_PATH}/${w.boxes.b}/secret`, { token: w.admin });
    expect(reset.json().code).toBe(200);
    expect(await boxRow(t, gw)).toMatchObject({ wg_public_key: '', wg_refused_key: '' });
    expect(await tunnelState(w.boxes.b)).toBe('no_key');
    await box.end();
    w.secrets[gw] = reset.json().data.secret as string;
    box = await connect(gw, { wg_public_key: second });
    await until(async () => (await boxRow(t, gw)).wg_public_key === second, 'new key bound');
    await until(() => box.vpn.length === 1, 'tunnel sent with the new key');
    await box.end();
  });

  it('sends a licensed online box its tunnel once, again after a reconnect only when it changed, and DELETE when its licence is revoked', async () => {
    const gw = 'VT-A';
    const id = w.boxes.a;
    const machine = await t.api('POST', MACHINE_PATH, { token: w.admin, body: { device_id: id, code: 'M1', category: 'fanuc', enabled: false } });
    const machineIp = machine.json().data.ip as string;
    const licence = await license(id, true);
    const key = wgKey();
    let box = await connect(gw, { wg_public_key: key });
    await until(async () => (await boxRow(t, gw)).vpn_acked !== '', 'tunnel acknowledged');
    const { vpn_ip, machine_net } = await boxRow(t, gw);
    const lan = `${machine_net!.split('/')[0].replace(/\.0$/, '.1')}/24`;
    expect(box.vpn).toEqual([
      {
        cmd_id: expect.any(String),
        method: 'POST',
        url: '/api/vpn',
        data: { address: `${vpn_ip}/32`, hub: { public_key: HUB_KEY, endpoint: 'vpn.example.com:51820' }, allowed_ips: ['10.9.0.0/16'], keepalive: 25, lan, nat: [] },
      },
    ]);
    expect(await tunnelState(id)).toBe('applied');
    await settle();
    expect(box.vpn).toHaveLength(1);

    // a reconnect with nothing changed sends nothing
    await box.end();
    box = await connect(gw, { wg_public_key: key });
    await until(async () => (await boxRow(t, gw)).online, 'online again');
    await settle();
    expect(box.vpn).toEqual([]);
    await box.end();

    // changed while it was away (a machine tool keeps its own LAN address): sent at the reconnect
    expect((await t.api('PUT', `${MACHINE_PATH}/${machine.json().data.id}`, { token: w.admin, body: { lan_ip: '192.168.1.10' } })).json().code).toBe(200);
    expect(await tunnelState(id)).toBe('pending');
    box = await connect(gw, { wg_public_key: key });
    await until(() => box.vpn.length === 1, 'changed tunnel sent');
    expect((box.vpn[0].data as { nat: unknown }).nat).toEqual([{ ip: machineIp, lan_ip: '192.168.1.10' }]);
    await until(async () => (await tunnelState(id)) === 'applied', 'acknowledged again');

    // a change while online is sent at once
    expect((await t.api('PUT', `${MACHINE_PATH}/${machine.json().data.id}`, { token: w.admin, body: { lan_ip: '' } })).json().code).toBe(200);
    await until(() => box.vpn.length === 2, 'NAT removed');
    expect((box.vpn[1].data as { nat: unknown }).nat).toEqual([]);

    expect((await t.api('POST', `${LICENSE_PATH}/${licence}/revoke`, { token: w.admin, body: { reason: '测试' } })).json().code).toBe(200);
    await until(() => box.vpn.length === 3, 'DELETE sent');
    expect(box.vpn[2]).toMatchObject({ method: 'DELETE', url: '/api/vpn' });
    await until(async () => (await boxRow(t, gw)).vpn_acked === '', 'acknowledgement cleared');
    expect(await tunnelState(id)).toBe('unlicensed');
    await settle();
    expect(box.vpn).toHaveLength(3);
    await box.end();
  });

  it('sends nothing to a box whose licence has no vpn', async () => {
    const gw = 'VT-A1';
    await license(w.boxes.a1, false);
    const box = await connect(gw, { wg_public_key: wgKey() });
    await until(async () => (await boxRow(t, gw)).wg_public_key !== '', 'key bound');
    await settle();
    expect(box.vpn).toEqual([]);
    expect(await tunnelState(w.boxes.a1)).toBe('unlicensed');
    await box.end();
  });
});

describe('a platform without the hub settings', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('sends no tunnel and says 远程访问未配置', async () => {
    t = await createTestApp({ services: ['mqtt'] });
    const w = await fleetWorld(t, 'VN');
    const res = await t.api('POST', LICENSE_PATH, { token: w.admin, body: { device_id: w.boxes.a, finger_print: 'fp-vn', type: 'business', vpn: true, count: [{ model: 'all', count: 1 }] } });
    expect(res.json().code).toBe(200);
    const box = await connectBox(t, 'VN-A', w.secrets['VN-A'], { wg_public_key: wgKey() });
    await until(async () => (await boxRow(t, 'VN-A')).wg_public_key !== '', 'key bound');
    await settle();
    expect(box.vpn).toEqual([]);
    expect((await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}`, { token: w.admin })).json<{ data: Device }>().data.tunnel_state).toBe('hub_unset');
    await box.end();
  });
});

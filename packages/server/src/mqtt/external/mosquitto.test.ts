import { asc, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOX_API, DEVICE_PATH } from '@gw/contracts';
import { device, deviceOnlineLog } from '../../db/schema.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { licenseBox } from '../../test/license.js';
import { DYNSEC_TOPIC, boxRole, dynsecAccounts } from './dynsec.js';
import type { ExternalLink } from './link.js';
import { externalLink } from './link.js';
import { DYNSEC_ADMIN, type TestMosquitto, startMosquitto } from './test-mosquitto.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const until = async (check: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; !check() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('an external Mosquitto with dynamic security, kept in step by the server', () => {
  let broker: TestMosquitto;
  let t: TestApp;
  let w: FleetWorld;
  const received: string[] = [];
  beforeAll(async () => {
    broker = await startMosquitto({ dynsec: true });
    t = await createTestApp({ services: ['mqtt'], env: { MQTT_URL: broker.url, MQTT_USERNAME: DYNSEC_ADMIN.username, MQTT_PASSWORD: DYNSEC_ADMIN.password, MQTT_DYNSEC: 'on' } });
    const link = t.deps.link as ExternalLink;
    await link.ready();
    link.client.on('message', (topic, payload) => received.push(`${topic} ${payload.toString()}`));
    w = await fleetWorld(t, 'X');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await broker?.stop();
  });

  const connect = (id: string, password: string) =>
    mqtt.connectAsync(broker.url, { clientId: id, username: id, password, reconnectPeriod: 0, connectTimeout: 5000, protocolVersion: 5 });
  const refusal = (id: string, password: string) =>
    connect(id, password).then(
      async (c) => (await c.endAsync(), null),
      (e: Error & { code?: number }) => e.code ?? e.message,
    );

  it('runs without the embedded broker, and without EMQX_HOOK_SECRET the EMQX hooks are not there', async () => {
    expect(t.deps.broker).toBeUndefined();
    expect(t.deps.link?.seesConnections).toBe(false);
    expect(t.deps.link?.connectedBoxes()).toBeNull();
    expect((await t.api('POST', '/mqtt/emqx/authn', { body: {} })).statusCode).toBe(404);
  });

  it('a box created through the API logs in with its secret and the server receives what it publishes', async () => {
    const box = await connect('X-A', w.secrets['X-A']);
    await box.publishAsync('data/X-A/v1', '{"n":1}', { qos: 1 });
    expect(await until(() => received.includes('data/X-A/v1 {"n":1}'))).toBe(true);
    await box.endAsync();
  });

  it('refuses a wrong secret and another box id', async () => {
    expect(await refusal('X-A', 'wrong-secret')).toBe(135);
    expect(await refusal('X-B', w.secrets['X-A'])).toBe(135);
  });

  it('a publish on another box topic does not reach the server; subscribing to another control topic is refused', async () => {
    const box = await connect('X-A', w.secrets['X-A']);
    const foreign = await box.publishAsync('data/X-B/v1', 'forged', { qos: 1 }).then(
      () => 0,
      (e: { code?: number }) => e.code ?? -1,
    );
    expect(foreign).toBe(135);
    await box.publishAsync('data/X-A/v1', 'after', { qos: 1 });
    expect(await until(() => received.includes('data/X-A/v1 after'))).toBe(true);
    expect(received.some((r) => r.startsWith('data/X-B/v1'))).toBe(false);
    const granted = await box.subscribeAsync(['control/X-A/v1', 'control/X-B/v1']).then(
      (g) => g.map((x) => x.qos),
      (e: { packet?: { granted?: number[] } }) => e.packet?.granted,
    );
    expect(granted?.[0]).toBe(0);
    expect(granted?.[1]).toBeGreaterThanOrEqual(128);
    await box.endAsync();
  });

  it('the server publishes commands to a box', async () => {
    const box = await connect('X-A1', w.secrets['X-A1']);
    await box.subscribeAsync('control/X-A1/v1', { qos: 1 });
    const got = new Promise<string>((r) => box.once('message', (_t, p) => r(p.toString())));
    await t.deps.link!.publish('control/X-A1/v1', '{"cmd":"ping"}');
    expect(await got).toBe('{"cmd":"ping"}');
    await box.endAsync();
  });

  it('a licensed box gets its licence once it announces itself online on state/ (after subscribing to its control topic)', async () => {
    const issued = await licenseBox(t, w.admin, w.boxes.a, [{ model: 'all', count: 2 }]);
    const box = await connect('X-A', w.secrets['X-A']);
    const commands: { method: string; url: string; data?: { license?: string } }[] = [];
    box.on('message', (_topic, payload) => {
      const command = JSON.parse(payload.toString());
      commands.push(command);
      void box.publishAsync('echo/X-A/v1', JSON.stringify({ cmd_id: command.cmd_id, ret: 0, msg: 'ok' }), { qos: 1 });
    });
    await box.subscribeAsync('control/X-A/v1', { qos: 1 });
    await box.publishAsync('state/X-A/v1', JSON.stringify({ online: true, ts: Date.now() }), { qos: 1, retain: true });
    expect(await until(() => commands.some((c) => c.url === BOX_API.license))).toBe(true);
    expect(commands.find((c) => c.url === BOX_API.license)).toMatchObject({ method: 'POST', data: { license: issued.certificate } });
    await box.endAsync();
  });

  it('a refused CONNECT with a box id (MQTT 5, no password) changes nothing about the box; killed, it goes offline by its will', async () => {
    const state = (online: boolean) => JSON.stringify({ online, conn: 'x-b-1' });
    const box = await mqtt.connectAsync(broker.url, {
      clientId: 'X-B',
      username: 'X-B',
      password: w.secrets['X-B'],
      keepalive: 2,
      reconnectPeriod: 0,
      will: { topic: 'state/X-B/v1', payload: Buffer.from(state(false)), qos: 1, retain: true },
    });
    await box.publishAsync('state/X-B/v1', state(true), { qos: 1, retain: true });
    const row = async () => (await t.db.select().from(device).where(eq(device.id, w.boxes.b)))[0];
    for (let i = 0; i < 200 && !(await row()).online; i++) await new Promise((r) => setTimeout(r, 25));
    const online = await row();
    expect(online).toMatchObject({ online: true, online_session: 'conn:x-b-1' });

    const attempt = await mqtt.connectAsync(broker.url, { clientId: 'X-B', protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 5000 }).then(
      async (c) => (await c.endAsync(), null),
      (e: Error & { code?: number }) => e.code ?? e.message,
    );
    expect(attempt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect(box.connected).toBe(true);
    expect(await row()).toMatchObject({ online: true, online_session: online.online_session, online_since: online.online_since });

    box.stream.destroy();
    for (let i = 0; i < 120 && (await row()).online; i++) await new Promise((r) => setTimeout(r, 25));
    expect((await row()).online).toBe(false);
    const log = await t.db.select().from(deviceOnlineLog).where(eq(deviceOnlineLog.device_id, w.boxes.b)).orderBy(asc(deviceOnlineLog.id));
    expect(log.map((r) => `${r.online ? 'on' : 'off'}:${r.reason}`)).toEqual(['on:connect', 'off:will']);
  });

  it('a box whose account exists already gets the new secret without an error, and its role back when it had lost it', async () => {
    const errors: unknown[] = [];
    const accounts = dynsecAccounts((t.deps.link as ExternalLink).client, { info: () => undefined, error: (obj) => errors.push(obj) });
    await accounts.upsert('X-R', 'First-secret-1');
    await accounts.upsert('X-R', 'Second-secret-2');
    expect(errors).toEqual([]);
    expect(await refusal('X-R', 'First-secret-1')).toBe(135);
    expect(await refusal('X-R', 'Second-secret-2')).toBeNull();

    // the role taken away by hand: the next upsert gives it back, and the box may publish again
    const admin = await mqtt.connectAsync(broker.url, { ...DYNSEC_ADMIN, protocolVersion: 4 });
    await admin.publishAsync(DYNSEC_TOPIC, JSON.stringify({ commands: [{ command: 'removeClientRole', username: 'X-R', rolename: boxRole('X-R') }] }));
    await admin.endAsync();
    await accounts.upsert('X-R', 'Third-secret-3');
    expect(errors).toEqual([]);
    const box = await connect('X-R', 'Third-secret-3');
    await box.publishAsync('data/X-R/v1', '{"n":2}', { qos: 1 });
    expect(await until(() => received.includes('data/X-R/v1 {"n":2}'))).toBe(true);
    await box.endAsync();
  });

  it('a reset secret replaces the old one; a scrapped box and a deleted box can no longer log in', async () => {
    const reset = await t.api('POST', `${DEVICE_PATH}/${w.boxes.b}/secret`, { token: w.admin });
    const secret = reset.json().data?.secret as string;
    expect(secret).toBeTruthy();
    expect(await refusal('X-B', w.secrets['X-B'])).toBe(135);
    expect(await refusal('X-B', secret)).toBeNull();

    expect((await t.api('POST', `${DEVICE_PATH}/scrap`, { token: w.admin, body: { ids: [w.boxes.a1], remark: '' } })).json().code).toBe(200);
    expect(await refusal('X-A1', w.secrets['X-A1'])).not.toBeNull();

    expect(await refusal('X-S', w.secrets['X-S'])).toBeNull();
    expect((await t.api('DELETE', `${DEVICE_PATH}/${w.boxes.stock}`, { token: w.admin })).json().code).toBe(200);
    expect(await refusal('X-S', w.secrets['X-S'])).toBe(135);
  });
});

describe('server nodes in one shared-subscription group', () => {
  let broker: TestMosquitto;
  const links: ExternalLink[] = [];
  beforeAll(async () => {
    broker = await startMosquitto({ dynsec: false });
  });
  afterAll(async () => {
    await Promise.all(links.map((l) => l.close()));
    await broker?.stop();
  });

  it('split data between them (each message handled once, and acknowledged), while every node sees every echo', async () => {
    const seen: { node: number; kind: string; body: string }[] = [];
    for (const node of [0, 1]) {
      const link = externalLink({ url: broker.url, shareGroup: 'g' }, silent);
      for (const kind of ['data', 'echo'] as const) {
        link.onMessage(kind, async (m) => {
          await new Promise((r) => setTimeout(r, 5));
          seen.push({ node, kind, body: m.payload.toString() });
        });
      }
      link.open();
      links.push(link);
      await link.ready();
    }
    const box: MqttClient = await mqtt.connectAsync(broker.url, { clientId: 'box-1', reconnectPeriod: 0 });
    for (let i = 0; i < 20; i++) await box.publishAsync(`data/box-${i % 4}/v1`, `d${i}`, { qos: 1 });
    await box.publishAsync('echo/box-1/v1', 'e1', { qos: 1 });
    expect(await until(() => seen.filter((s) => s.kind === 'data').length >= 20 && seen.filter((s) => s.kind === 'echo').length >= 2)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    const data = seen.filter((s) => s.kind === 'data');
    expect(data.map((s) => s.body).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `d${i}`).sort());
    expect(data.some((s) => s.node === 0)).toBe(true);
    expect(data.some((s) => s.node === 1)).toBe(true);
    expect(seen.filter((s) => s.kind === 'echo').map((s) => s.node).sort()).toEqual([0, 1]);
    await box.endAsync();
  });

  it('a node with a fixed MQTT_CLIENT_ID gets, once back, what boxes published while it was away', async () => {
    const got: string[] = [];
    const start = () => {
      const link = externalLink({ url: broker.url, shareGroup: 'kept', clientId: 'gw-node-kept', sessionExpiry: 60 }, silent);
      link.onMessage('data', async (m) => void got.push(m.payload.toString()));
      link.open();
      return link;
    };
    const first = start();
    await first.ready();
    await first.close();
    const box: MqttClient = await mqtt.connectAsync(broker.url, { clientId: 'box-kept', reconnectPeriod: 0 });
    for (const body of ['a1', 'a2', 'a3']) await box.publishAsync('data/box-kept/v1', body, { qos: 1 });
    await box.endAsync();
    const again = start();
    links.push(again);
    expect(await until(() => got.length >= 3)).toBe(true);
    expect(got).toEqual(['a1', 'a2', 'a3']);
  });

  it('what the kept session holds waits for open() when it arrives while the handlers are being registered (a server starting)', async () => {
    const options = { url: broker.url, shareGroup: 'early', clientId: 'gw-node-early', sessionExpiry: 60 };
    const first = externalLink(options, silent);
    first.onMessage('data', async () => undefined);
    first.open();
    await first.ready();
    await first.close();
    const box: MqttClient = await mqtt.connectAsync(broker.url, { clientId: 'box-early', reconnectPeriod: 0 });
    for (const body of ['b1', 'b2', 'b3']) await box.publishAsync('data/box-early/v1', body, { qos: 1 });
    await box.endAsync();
    // the node back: the broker hands over the queued messages at once, while the server is still starting
    const again = externalLink(options, silent);
    links.push(again);
    // one handler of `data` is there at the connect (presence's), the other comes later (the ingest's)
    const early: string[] = [];
    const got: string[] = [];
    again.onMessage('data', async (m) => void early.push(m.payload.toString()));
    await new Promise((r) => setTimeout(r, 500));
    again.onMessage('data', async (m) => void got.push(m.payload.toString()));
    again.open();
    expect(await until(() => got.length >= 3)).toBe(true);
    expect(got).toEqual(['b1', 'b2', 'b3']);
    expect(early).toEqual(['b1', 'b2', 'b3']);
  });
});

import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLASHER_PATH, type FlashBatch, type FlashBatchDetail, boxTopic, flasherDownloadPath } from '@gw/contracts';
import { device, flashItem } from '../../db/schema.js';
import { until } from '../../test/fake-box.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';

describe('what boxes say of themselves (retained state: version, fingerprint, clones)', () => {
  let t: TestApp;
  let w: FleetWorld;
  let batchId: number;
  /** The downloaded secrets of the batch's identities. */
  const secrets: Record<string, string> = {};
  const open: mqtt.MqttClient[] = [];

  /** A box's connection as the firmware makes it: its will (offline, retained), then its online state, retained. */
  async function connect(gatewayId: string, state: Record<string, unknown>, secret = secrets[gatewayId]) {
    const ts = Date.now();
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.deps.broker!.port}`, {
      clientId: gatewayId,
      username: gatewayId,
      password: secret,
      reconnectPeriod: 0,
      will: { topic: boxTopic('state', gatewayId), payload: Buffer.from(JSON.stringify({ online: false, ts })), qos: 1, retain: true },
    });
    open.push(client);
    const published = client.publishAsync(boxTopic('state', gatewayId), JSON.stringify({ online: true, ts, ...state }), { qos: 1, retain: true });
    return { client, published };
  }
  const itemOf = async (gatewayId: string) => (await t.db.select().from(flashItem).where(eq(flashItem.gateway_id, gatewayId)))[0];
  const boxOf = async (gatewayId: string) => (await t.db.select().from(device).where(eq(device.gateway_id, gatewayId)))[0];

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'] });
    w = await fleetWorld(t, 'ID');
    const created = await t.api('POST', FLASHER_PATH, { token: w.admin, body: { goods_id: w.goodsId, prefix: 'PV', start: 1, digits: 2, count: 3 } });
    batchId = created.json().data.id as number;
    const csv = (await t.api('GET', `${flasherDownloadPath(batchId)}?format=csv`, { token: w.admin })).body;
    for (const [gatewayId, secret] of csv.trim().split('\r\n').slice(1).map((l) => l.split(','))) secrets[gatewayId] = secret;
    expect((await t.api('POST', `${FLASHER_PATH}/${batchId}/confirm`, { token: w.admin })).json().code).toBe(200);
  });
  afterAll(async () => {
    for (const client of open) client.end(true);
    await t.close();
  });

  it('lets a confirmed identity log in with its downloaded secret; its first state fixes the fingerprint, shown on the batch page', async () => {
    const box = await connect('PV01', { version: '1.0.0', fingerprint: 'FP-GOOD' });
    await box.published;
    const item = await itemOf('PV01');
    expect(item.first_connected_at).toBeInstanceOf(Date);
    expect(item.fingerprint).toBe('FP-GOOD');
    expect(await boxOf('PV01')).toMatchObject({ firmware_version: '1.0.0', fingerprint: 'FP-GOOD' });

    const detail = (await t.api('GET', `${FLASHER_PATH}/${batchId}`, { token: w.admin })).json<{ data: FlashBatchDetail }>().data;
    expect(detail.connected).toBe(1);
    expect(detail.items[0]).toMatchObject({ gateway_id: 'PV01', fingerprint: 'FP-GOOD', first_connected_at: item.first_connected_at!.toISOString(), clone_attempts: 0 });
    expect(detail.items[1]).toMatchObject({ gateway_id: 'PV02', fingerprint: '', first_connected_at: null });
    const listed = (await t.api('GET', `${FLASHER_PATH}?limit=10`, { token: w.admin })).json<{ data: FlashBatch[] }>().data;
    expect(listed.find((b) => b.id === batchId)?.connected).toBe(1);

    // the same box again, a newer version: the fingerprint matches, the version follows
    box.client.end(true);
    const again = await connect('PV01', { version: '1.1.0', fingerprint: 'FP-GOOD' });
    await again.published;
    expect(await boxOf('PV01')).toMatchObject({ firmware_version: '1.1.0', fingerprint: 'FP-GOOD' });
    expect((await itemOf('PV01')).first_connected_at).toEqual(item.first_connected_at);
    again.client.end(true);
  });

  it('closes a second connection of the identity that reports another fingerprint, counts it, and keeps nothing it said', async () => {
    const original = await connect('PV02', { version: '2.0.0', fingerprint: 'FP-REAL' });
    await original.published;
    const originalClosed = new Promise<void>((resolve) => original.client.once('close', () => resolve()));

    const clone = await connect('PV02', { version: '6.6.6', fingerprint: 'FP-CLONE' });
    void clone.published.catch(() => undefined);
    const cloneClosed = new Promise<void>((resolve) => clone.client.once('close', () => resolve()));
    await originalClosed; // taken over by the clone's connection, as MQTT does
    await cloneClosed; // and the clone's closed by the server
    const item = await itemOf('PV02');
    expect(item).toMatchObject({ fingerprint: 'FP-REAL', clone_attempts: 1, last_clone_fingerprint: 'FP-CLONE' });
    expect(item.last_clone_at).toBeInstanceOf(Date);
    expect(await boxOf('PV02')).toMatchObject({ firmware_version: '2.0.0', fingerprint: 'FP-REAL' });
    await until(async () => !(await boxOf('PV02')).online, 'PV02 offline');

    const metrics = (await t.app.inject({ method: 'GET', url: '/custom/api/metrics' })).body;
    expect(metrics).toContain('mqtt_clone_refusals_total 1');
    const detail = (await t.api('GET', `${FLASHER_PATH}/${batchId}`, { token: w.admin })).json<{ data: FlashBatchDetail }>().data;
    expect(detail.items[1]).toMatchObject({ clone_attempts: 1, last_clone_fingerprint: 'FP-CLONE', last_clone_at: item.last_clone_at!.toISOString() });

    // the real box reconnects and stays
    const back = await connect('PV02', { version: '2.0.1', fingerprint: 'FP-REAL' });
    await back.published;
    expect(back.client.connected).toBe(true);
    expect(await boxOf('PV02')).toMatchObject({ firmware_version: '2.0.1' });
    back.client.end(true);
  });

  it('keeps any box’s firmware version and a first fingerprint, and ignores offline and malformed states', async () => {
    const gw = 'ID-S';
    const box = await connect(gw, { version: '3.0.0', fingerprint: 'FP-S' }, w.secrets[gw]);
    await box.published;
    expect(await boxOf(gw)).toMatchObject({ firmware_version: '3.0.0', fingerprint: 'FP-S' });
    await box.client.publishAsync(boxTopic('state', gw), JSON.stringify({ online: true, ts: Date.now(), version: '3.1.0', fingerprint: 'FP-OTHER' }), { qos: 1, retain: true });
    // not a provisioned identity: a box's fingerprint is only filled in, never replaced by what it says
    expect(await boxOf(gw)).toMatchObject({ firmware_version: '3.1.0', fingerprint: 'FP-S' });
    await box.client.publishAsync(boxTopic('state', gw), JSON.stringify({ online: false, ts: Date.now(), version: '0.0.1' }), { qos: 1 });
    await box.client.publishAsync(boxTopic('state', gw), '{not json', { qos: 1 });
    await box.client.publishAsync(boxTopic('state', gw), JSON.stringify({ online: true, ts: Date.now(), version: 42 }), { qos: 1 });
    expect((await boxOf(gw)).firmware_version).toBe('3.1.0');
    expect(box.client.connected).toBe(true);
    const metrics = (await t.app.inject({ method: 'GET', url: '/custom/api/metrics' })).body;
    expect(metrics).toContain('identity_state_malformed_total{reason="not_json"} 1');
    expect(metrics).toContain('identity_state_malformed_total{reason="bad_shape"} 1');
    box.client.end(true);
  });
});

import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device } from '../db/schema.js';
import { type FleetWorld, fleetWorld } from '../test/fleet.js';
import { type TestApp, createTestApp } from '../test/harness.js';

describe('box login and topic ACL on the embedded broker', () => {
  let t: TestApp;
  let w: FleetWorld;
  let url: string;
  const A = 'M-A';
  const B = 'M-B';
  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'] });
    w = await fleetWorld(t, 'M');
    url = `mqtt://127.0.0.1:${t.deps.broker!.port}`;
  });
  afterAll(() => t.close());

  const connect = (clientId: string, username: string, password: string) =>
    mqtt.connectAsync(url, { clientId, username, password, reconnectPeriod: 0, connectTimeout: 5000 });
  const refusal = async (clientId: string, username: string, password: string) => {
    const err = await connect(clientId, username, password).then(
      async (c) => {
        await c.endAsync();
        return null;
      },
      (e: Error & { code?: number }) => e,
    );
    return err?.code;
  };

  it('a box logs in with its gateway id and secret', async () => {
    const box = await connect(A, A, w.secrets[A]);
    expect(box.connected).toBe(true);
    await box.endAsync();
  });

  it('refuses a wrong secret, an unknown box, a client id other than the username and a scrapped box', async () => {
    expect(await refusal(A, A, 'wrong-secret')).toBe(4);
    expect(await refusal('nobody', 'nobody', w.secrets[A])).toBe(4);
    expect(await refusal(B, A, w.secrets[A])).toBe(4);
    await t.db.update(device).set({ state: 'scrapped' }).where(eq(device.gateway_id, 'M-S'));
    expect(await refusal('M-S', 'M-S', w.secrets['M-S'])).toBe(5);
    const metrics = (await t.app.inject({ method: 'GET', url: '/custom/api/metrics' })).body;
    for (const reason of ['wrong_secret', 'unknown_box', 'client_id_mismatch', 'scrapped']) {
      expect(metrics).toContain(`mqtt_auth_failures_total{reason="${reason}"} 1`);
    }
    expect(metrics).toMatch(/mqtt_connected_clients \d+/);
  });

  it('a box publishes on its own topics; a publish on another box topic closes its connection', async () => {
    const seen: string[] = [];
    t.deps.broker!.aedes.subscribe('+/+/v1', (packet, cb) => {
      seen.push(packet.topic);
      cb();
    }, () => {});
    const box = await connect(A, A, w.secrets[A]);
    await box.publishAsync(`data/${A}/v1`, '{}', { qos: 1 });
    expect(seen).toContain(`data/${A}/v1`);
    const closed = new Promise<void>((r) => box.once('close', () => r()));
    box.publish(`data/${B}/v1`, '{}', { qos: 1 });
    await closed;
    expect(seen).not.toContain(`data/${B}/v1`);
    await box.endAsync(true);
  });

  it('a box subscribes to its own control topic only (others granted 128)', async () => {
    const box = await connect(A, A, w.secrets[A]);
    // mqtt.js turns a SUBACK holding 128 into an error that carries the packet
    const err = await box.subscribeAsync([`control/${A}/v1`, `control/${B}/v1`, '#']).then(
      () => null,
      (e: { packet?: { granted?: number[] } }) => e,
    );
    expect(err?.packet?.granted).toEqual([0, 128, 128]);
    await box.endAsync();
  });

  it('a second connection with the same client id takes over and the first is closed', async () => {
    const first = await connect(A, A, w.secrets[A]);
    const closed = new Promise<void>((r) => first.once('close', () => r()));
    const second = await connect(A, A, w.secrets[A]);
    await closed;
    expect(second.connected).toBe(true);
    await Promise.all([first.endAsync(true), second.endAsync()]);
  });
});

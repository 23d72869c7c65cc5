import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_PATH } from '@gw/contracts';
import { device, deviceOnlineLog } from '../../db/schema.js';
import { fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import type { ExternalLink } from '../external/link.js';
import { type TestMosquitto, startMosquitto } from '../external/test-mosquitto.js';

const HOUR = 3_600_000;
/** Seconds: short, so that a dead box's end is due soon; the broker gives up on a silent one after 1.5 times this. */
const KEEPALIVE = 2;

/** How a box states its presence: with or without a connection id, and what its clock says (null: no ts at all). */
interface BoxKind {
  conn: boolean;
  /** The box clock's offset from the true time; null: its states carry no ts. */
  clock: number | null;
}

const brokers = [
  { name: 'the embedded broker', start: async () => ({ env: {}, stop: async () => undefined }) as const },
  {
    name: 'an external Mosquitto',
    start: async () => {
      const broker: TestMosquitto = await startMosquitto({ dynsec: false });
      return { env: { MQTT_URL: broker.url }, stop: () => broker.stop() };
    },
  },
];

describe.each(brokers)('presence on $name does not trust the box clock', ({ start }) => {
  let t: TestApp;
  let url: string;
  let stopBroker: () => Promise<void>;
  let secrets: Record<string, string> = {};
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    const broker = await start();
    stopBroker = broker.stop;
    t = await createTestApp({ services: ['mqtt'], env: broker.env });
    const external = t.deps.link?.seesConnections ? null : (t.deps.link as ExternalLink);
    await external?.ready();
    url = 'MQTT_URL' in broker.env ? broker.env.MQTT_URL : `mqtt://127.0.0.1:${t.deps.broker!.port}`;
    const w = await fleetWorld(t, 'K');
    secrets = w.secrets;
    for (const gw of ['K-1', 'K-2', 'K-3', 'K-4']) {
      const res = await t.api('POST', DEVICE_PATH, { token: w.admin, body: { gateway_id: gw, name: gw, goods_id: w.goodsId } });
      secrets[gw] = res.json().data.secret;
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t?.close();
    await stopBroker?.();
  });

  const box = async (gw: string) => (await t.db.select().from(device).where(eq(device.gateway_id, gw)))[0];
  const rows = async (gw: string) =>
    (await t.db.select().from(deviceOnlineLog).where(eq(deviceOnlineLog.device_id, (await box(gw)).id)).orderBy(asc(deviceOnlineLog.id))).map(
      (r) => `${r.online ? 'on' : 'off'}:${r.reason}`,
    );
  /** Polls until the box's online is `online`; the time it took (ms), or null when it did not within `ms`. */
  const becomes = async (gw: string, online: boolean, ms: number) => {
    const began = Date.now();
    for (;;) {
      if ((await box(gw)).online === online) return Date.now() - began;
      if (Date.now() - began > ms) return null;
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  /**
   * A box as one is built: its last will says it is offline (retained), then once in it subscribes to its control
   * topic and announces itself online (retained), each state stamped by its own clock.
   */
  const connectBox = async (gw: string, kind: BoxKind, clientId = gw) => {
    const conn = kind.conn ? { conn: randomBytes(6).toString('base64url') } : {};
    const ts = () => (kind.clock === null ? {} : { ts: Date.now() + kind.clock });
    const will = { topic: `state/${gw}/v1`, payload: Buffer.from(JSON.stringify({ online: false, ...conn, ...ts() })), qos: 1 as const, retain: true };
    const client = await mqtt.connectAsync(url, { clientId, username: gw, password: secrets[gw], keepalive: KEEPALIVE, reconnectPeriod: 0, connectTimeout: 5000, will });
    clients.push(client);
    await client.subscribeAsync(`control/${gw}/v1`, { qos: 1 });
    await client.publishAsync(`state/${gw}/v1`, JSON.stringify({ online: true, ...conn, ...ts(), version: `v-${gw}` }), { qos: 1, retain: true });
    return client;
  };

  it('a box whose will has no ts, one whose clock is an hour behind, one an hour ahead: online while alive, offline soon after being killed', async () => {
    const kinds: [string, BoxKind][] = [
      ['K-1', { conn: false, clock: null }],
      ['K-2', { conn: true, clock: -HOUR }],
      ['K-3', { conn: false, clock: HOUR }],
    ];
    const before = Date.now();
    const boxes = await Promise.all(kinds.map(([gw, kind]) => connectBox(gw, kind)));
    for (const [gw] of kinds) expect(await becomes(gw, true, 5000)).not.toBeNull();
    // alive past the broker's patience for a silent box: still online, since the server's time
    await new Promise((r) => setTimeout(r, KEEPALIVE * 1500 + 500));
    for (const [gw] of kinds) {
      const b = await box(gw);
      expect(b.online).toBe(true);
      expect(b.online_since!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(b.online_since!.getTime()).toBeLessThanOrEqual(Date.now());
      // what it says of itself is read whatever its clock (a state without ts too)
      expect(b.firmware_version).toBe(`v-${gw}`);
    }
    // killed: the socket dies without a DISCONNECT
    for (const client of boxes) client.stream.destroy();
    const took = await Promise.all(kinds.map(([gw]) => becomes(gw, false, KEEPALIVE * 1500)));
    expect(took.every((ms) => ms !== null)).toBe(true);
    for (const [gw] of kinds) expect(await rows(gw)).toEqual(['on:connect', 'off:will']);
  });

  it('a late will of an older connection, or a stale retained offline of it, never flips the newer connection offline', async () => {
    // two connections of one box at once (an external broker sees two client ids: a box back through another
    // node of a cluster before the old link died); on the embedded broker the second takes over
    const sameId = Boolean(t.deps.link?.seesConnections);
    const old = await connectBox('K-4', { conn: true, clock: HOUR }, sameId ? 'K-4' : 'K-4-old');
    expect(await becomes('K-4', true, 5000)).not.toBeNull();
    const fresh = await connectBox('K-4', { conn: true, clock: 0 });
    await new Promise((r) => setTimeout(r, 200));
    const live = await box('K-4');
    expect(live.online).toBe(true);
    // the old connection dies now: its will comes after the new connection's announce
    old.stream.destroy();
    await new Promise((r) => setTimeout(r, 500));
    expect(await box('K-4')).toMatchObject({ online: true, online_session: live.online_session });

    if (!sameId) {
      // the broker now keeps the old will as the retained state; the server's link reconnects and is handed it
      const link = t.deps.link as ExternalLink;
      const handed = new Promise<string>((resolve) =>
        link.client.on('message', (topic, payload, packet) => topic === 'state/K-4/v1' && packet.retain && resolve(payload.toString())),
      );
      link.client.stream.destroy();
      expect(JSON.parse(await handed)).toMatchObject({ online: false });
      await new Promise((r) => setTimeout(r, 300));
      expect(await box('K-4')).toMatchObject({ online: true, online_session: live.online_session });
    }
    fresh.stream.destroy();
    expect(await becomes('K-4', false, KEEPALIVE * 1500)).not.toBeNull();
  });
});

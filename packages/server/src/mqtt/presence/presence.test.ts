import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { SQL, and, asc, eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_PATH, type LiveEvent } from '@gw/contracts';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { device, deviceOnlineLog, operationLog } from '../../db/schema.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';
import type { BoxConnection } from '../link.js';
import { handLink } from './hand-link.js';
import { startPresence } from './index.js';

const FLUSH_MS = 400;

/** Polls until `check` holds (or fails with its last answer after `ms`). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('presence of boxes', () => {
  let t: TestApp;
  let w: FleetWorld;
  let url: string;
  const ids: Record<string, number> = {};
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'], env: { PRESENCE_FLUSH_MS: String(FLUSH_MS) } });
    w = await fleetWorld(t, 'P');
    url = `mqtt://127.0.0.1:${t.deps.broker!.port}`;
    for (const gw of ['P-1', 'P-2', 'P-3', 'P-4', 'P-5', 'P-6', 'P-7', 'S-1', 'S-2', 'S-3']) {
      const res = await t.api('POST', DEVICE_PATH, { token: w.admin, body: { gateway_id: gw, name: gw, goods_id: w.goodsId } });
      ids[gw] = res.json().data.id;
      w.secrets[gw] = res.json().data.secret;
    }
    await t.api('POST', `${DEVICE_PATH}/assign`, { token: w.admin, body: { ids: Object.values(ids), customer_id: w.a } });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t.close();
  });

  const connect = async (gw: string) => {
    const client = await mqtt.connectAsync(url, { clientId: gw, username: gw, password: w.secrets[gw], reconnectPeriod: 0, connectTimeout: 5000 });
    clients.push(client);
    return client;
  };
  const box = async (gw: string) => (await t.db.select().from(device).where(eq(device.gateway_id, gw)))[0];
  const rows = async (gw: string) =>
    (await t.db.select().from(deviceOnlineLog).where(eq(deviceOnlineLog.device_id, (await box(gw)).id)).orderBy(asc(deviceOnlineLog.id))).map((r) => `${r.online ? 'on' : 'off'}:${r.reason}`);
  const onlineIs = (gw: string, online: boolean, ms?: number) => until(() => box(gw), (b) => b.online === online, ms);
  const rowsAre = (gw: string, expected: string[]) => until(() => rows(gw), (r) => r.length >= expected.length);

  it('a box that connects is online, with a 连接 row; a clean disconnect sets it offline', async () => {
    const client = await connect('P-1');
    const online = await onlineIs('P-1', true);
    expect(online).toMatchObject({ online: true, online_node: t.deps.link!.node });
    expect(online.online_session).not.toBe('');
    expect(online.last_seen_at).not.toBeNull();
    const [row] = await t.db.select().from(deviceOnlineLog).where(eq(deviceOnlineLog.device_id, ids['P-1']));
    expect(row).toMatchObject({ online: true, reason: 'connect', ip: '127.0.0.1', node: t.deps.link!.node, session: online.online_session });

    await client.endAsync();
    expect((await onlineIs('P-1', false)).online).toBe(false);
    expect(await rowsAre('P-1', ['on:connect', 'off:disconnect'])).toEqual(['on:connect', 'off:disconnect']);
    // presence is the 上下线记录's, not the operation log's: a reconnecting fleet would flood it
    const audited = await t.db.select().from(operationLog).where(and(eq(operationLog.table_name, 'device'), eq(operationLog.record_id, String(ids['P-1']))));
    const presenceKeys = ['online', 'online_session', 'online_since', 'online_node', 'last_seen_at'];
    expect(audited.filter((r) => (r.changes as { key: string }[]).some((c) => presenceKeys.includes(c.key)))).toEqual([]);
  });

  it('a dropped connection (no DISCONNECT) goes offline by its will', async () => {
    const client = await connect('P-2');
    await onlineIs('P-2', true);
    client.stream.destroy();
    expect((await onlineIs('P-2', false)).online).toBe(false);
    expect(await rowsAre('P-2', ['on:connect', 'off:will'])).toEqual(['on:connect', 'off:will']);
  });

  it('a refused CONNECT with the box\'s id changes nothing about the box: its presence, nor why its connection ends', async () => {
    // MQTT 5 (the broker speaks 3.1.1) without a password, then a wrong password: both refused
    const refused = (options: mqtt.IClientOptions) =>
      new Promise<void>((resolve) => {
        const client = mqtt.connect(url, { clientId: 'P-7', reconnectPeriod: 0, connectTimeout: 5000, ...options });
        const done = () => (client.end(true), resolve());
        client.once('connect', done);
        client.once('error', done);
        client.once('close', done);
      });
    await refused({ protocolVersion: 5 });
    expect(await rows('P-7')).toEqual([]);
    const client = await mqtt.connectAsync(url, { clientId: 'P-7', username: 'P-7', password: w.secrets['P-7'], reconnectPeriod: 0, keepalive: 2 });
    clients.push(client);
    const online = await onlineIs('P-7', true);
    await refused({ protocolVersion: 5 });
    await refused({ username: 'P-7', password: 'wrong-secret' });
    await new Promise((r) => setTimeout(r, 200));
    expect(await box('P-7')).toMatchObject({ online: true, online_session: online.online_session, online_since: online.online_since });
    expect(await rows('P-7')).toEqual(['on:connect']);
    // killed: its real end is recorded, not a takeover by the refused attempts
    client.stream.destroy();
    expect((await onlineIs('P-7', false, 3000)).online).toBe(false);
    expect(await rowsAre('P-7', ['on:connect', 'off:will'])).toEqual(['on:connect', 'off:will']);
  });

  it('a second connection takes over: the box stays online, rows 连接, 被新连接顶替, 连接', async () => {
    const first = await connect('P-3');
    const before = await onlineIs('P-3', true);
    const second = await connect('P-3');
    const after = await until(() => box('P-3'), (b) => b.online_session !== before.online_session && b.online);
    expect(after.online).toBe(true);
    expect(await rowsAre('P-3', ['on:connect', 'off:takeover', 'on:connect'])).toEqual(['on:connect', 'off:takeover', 'on:connect']);
    // the first connection's close changes nothing more
    await new Promise((r) => setTimeout(r, 200));
    expect(await box('P-3')).toMatchObject({ online: true, online_session: after.online_session });
    expect(await rows('P-3')).toHaveLength(3);
    await Promise.all([first.endAsync(true), second.endAsync()]);
  });

  it('a late offline of an older session never overwrites a newer online', async () => {
    const hand = handLink('hand-node:1', true);
    const presence = await startPresence(hand.link, t.deps);
    const old: BoxConnection = { gatewayId: 'P-5', session: 'hand:old', ip: '10.0.0.1', at: new Date(Date.now() - 1000) };
    const fresh: BoxConnection = { gatewayId: 'P-5', session: 'hand:new', ip: '10.0.0.2', at: new Date() };
    hand.connect(old);
    hand.connect(fresh);
    hand.disconnect(old, 'will');
    hand.disconnect(old, 'timeout');
    await presence.stop();
    expect(await box('P-5')).toMatchObject({ online: true, online_session: 'hand:new', online_node: 'hand-node:1' });
    expect(await rows('P-5')).toEqual(['on:connect', 'on:connect']);
  });

  it('a storm of connects and disconnects of many boxes at once is written in batches, each box in its own order', async () => {
    const hand = handLink('storm-node:1', true);
    const presence = await startPresence(hand.link, t.deps);
    const gws = ['S-1', 'S-2', 'S-3'];
    const at = Date.now();
    // every box: connect, a takeover by a second connection, the first one's late will, then the second leaves
    for (const gatewayId of gws) hand.connect({ gatewayId, session: `${gatewayId}:a`, ip: '10.0.0.1', at: new Date(at) });
    for (const gatewayId of gws) hand.connect({ gatewayId, session: `${gatewayId}:b`, ip: '10.0.0.2', at: new Date(at + 1) });
    for (const gatewayId of gws) hand.disconnect({ gatewayId, session: `${gatewayId}:a`, ip: '10.0.0.1', at: new Date(at) }, 'will');
    hand.disconnect({ gatewayId: 'S-3', session: 'S-3:b', ip: '10.0.0.2', at: new Date(at + 1) }, 'disconnect');
    await presence.stop();
    expect(await box('S-1')).toMatchObject({ online: true, online_session: 'S-1:b', online_node: 'storm-node:1' });
    expect(await box('S-2')).toMatchObject({ online: true, online_session: 'S-2:b' });
    expect(await box('S-3')).toMatchObject({ online: false, online_session: '' });
    for (const gw of ['S-1', 'S-2']) expect((await rows(gw)).slice(-2)).toEqual(['on:connect', 'on:connect']);
    expect((await rows('S-3')).slice(-3)).toEqual(['on:connect', 'on:connect', 'off:disconnect']);
  });

  it('last_seen_at follows messages, written once per flush interval and not per message', async () => {
    const dialect = new PgDialect();
    let flushes = 0;
    const execute = t.deps.db.execute.bind(t.deps.db);
    t.deps.db.execute = (query: Parameters<typeof execute>[0]) => {
      if (query instanceof SQL && dialect.sqlToQuery(query).sql.includes('last_seen_at = v.at')) flushes++;
      return execute(query);
    };
    try {
      const client = await connect('P-4');
      const connected = (await onlineIs('P-4', true)).last_seen_at!;
      await new Promise((r) => setTimeout(r, FLUSH_MS + 100));
      flushes = 0;
      const sent = Date.now();
      for (let i = 0; i < 20; i++) await client.publishAsync('traffic/P-4/v1', JSON.stringify({ ts: Date.now(), rx: i, tx: i }), { qos: 1 });
      const seen = await until(() => box('P-4'), (b) => b.last_seen_at! > connected, FLUSH_MS * 4);
      expect(seen.last_seen_at!.getTime()).toBeGreaterThan(connected.getTime());
      expect(seen.last_seen_at!.getTime()).toBeGreaterThanOrEqual(sent - 5);
      // 20 messages, at most the flushes the elapsed time allows (one per interval), not 20 writes
      expect(flushes).toBeGreaterThanOrEqual(1);
      expect(flushes).toBeLessThanOrEqual(Math.ceil((Date.now() - sent) / FLUSH_MS) + 1);
      expect(flushes).toBeLessThan(20);
      await client.endAsync();
    } finally {
      t.deps.db.execute = execute;
    }
  });

  it('every transition is a presence event on the live bus, for the box owner', async () => {
    const events: LiveEvent[] = [];
    const unsubscribe = t.deps.live.subscribe((e) => events.push(e));
    const client = await connect('P-6');
    await until(async () => events.filter((e) => e.type === 'presence' && e.gateway_id === 'P-6'), (e) => e.length >= 1);
    await client.endAsync();
    const seen = await until(async () => events.filter((e) => e.type === 'presence' && e.gateway_id === 'P-6'), (e) => e.length >= 2);
    unsubscribe();
    expect(seen).toEqual([
      { type: 'presence', customer_id: w.a, device_id: ids['P-6'], gateway_id: 'P-6', online: true, at: expect.any(String) },
      { type: 'presence', customer_id: w.a, device_id: ids['P-6'], gateway_id: 'P-6', online: false, at: expect.any(String) },
    ]);
  });

  it('上下线记录: newest first in the list envelope, within the caller’s customers only', async () => {
    const client = await connect('P-A');
    await onlineIs('P-A', true);
    await client.endAsync();
    await onlineIs('P-A', false);
    const res = await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}/online_log?page=1&limit=1`, { token: w.userA });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, count: 2, start: 0, limit: 1, next: 2, previous: null });
    expect(body.data).toEqual([{ id: expect.any(Number), online: false, at: expect.any(String), reason: 'disconnect', ip: '127.0.0.1', node: t.deps.link!.node }]);
    const second = (await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}/online_log?page=2&limit=1`, { token: w.userA })).json();
    expect(second).toMatchObject({ count: 2, start: 1, next: null, previous: 1, data: [{ online: true, reason: 'connect' }] });

    // B's user: the same answer as the box's own detail route gives outside its scope
    const foreign = await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}/online_log`, { token: w.userB });
    const detail = await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}`, { token: w.userB });
    expect(foreign.statusCode).toBe(detail.statusCode);
    expect(foreign.json()).toMatchObject({ code: detail.json().code, message: detail.json().message, data: null });
    expect((await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}/online_log`, { token: w.admin })).json().count).toBe(2);
    expect((await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}/online_log`)).json().code).toBe(401);
    const bad = await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}/online_log?limit=abc`, { token: w.userA });
    expect(bad.statusCode).toBe(400);

    const doc = (await t.app.inject({ method: 'GET', url: '/custom/api/docs/json' })).json();
    const documented = doc.paths[`/custom/api/v1${DEVICE_PATH}/{id}/online_log`].get;
    expect(documented.summary).toContain('上下线记录');
    expect(documented.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['id', 'page', 'limit']));
    expect(Object.keys(documented.responses['200'].content['application/json'].schema.properties.data.items.properties)).toEqual(['id', 'online', 'at', 'reason', 'ip', 'node']);
  });

  it('a restart on this host sets offline the boxes its previous run left online (还在线 by SQL or by a live connection)', async () => {
    const held = await connect('P-B');
    await onlineIs('P-B', true);
    const gone = `${hostname()}:999999`;
    await t.db.update(device).set({ online: true, online_node: gone, online_session: 'old' }).where(eq(device.gateway_id, 'P-A1'));
    await t.db.update(device).set({ online: true, online_node: '', online_session: '' }).where(eq(device.gateway_id, 'P-S'));
    await t.db.update(device).set({ online: true, online_node: 'another-host:1', online_session: 'theirs' }).where(eq(device.gateway_id, 'P-A'));

    const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-test-'));
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, LIST_COUNT_CACHE_MS: '0', MQTT_PORT: '0' });
    const restarted = await buildApp({ config, db: t.db, logger: false });
    try {
      await restarted.app.ready();
      for (const gw of ['P-A1', 'P-S', 'P-B']) expect((await onlineIs(gw, false)).online).toBe(false);
      expect(await rows('P-A1')).toEqual(['off:reconcile']);
      expect((await rows('P-B')).at(-1)).toBe('off:reconcile');
      const [row] = await t.db.select().from(deviceOnlineLog).where(eq(deviceOnlineLog.device_id, w.boxes.a1));
      expect(row).toMatchObject({ session: 'old', node: restarted.deps.link!.node });
      // another host's box is that host's business
      expect(await box('P-A')).toMatchObject({ online: true, online_node: 'another-host:1' });
      expect(await rows('P-A')).not.toContain('off:reconcile');
    } finally {
      await held.endAsync(true);
      await restarted.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

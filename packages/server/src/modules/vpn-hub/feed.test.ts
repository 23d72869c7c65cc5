import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_API, type HubFeed, REMOTE_SESSION_PATH, type RemoteSession, parseHubState } from '@gw/contracts';
import { debugClient } from '../../db/schema.js';
import { API, type TestApp, createTestApp } from '../../test/harness.js';
import { HUB_ENV, HUB_TOKEN, type RemoteWorld, hubState, makeClient, remoteWorld, wgPublicKey } from '../../test/remote.js';

describe('the hub’s clients and flows: woken by writes and by the clock, never refused whole for a bad row', () => {
  let t: TestApp;
  let w: RemoteWorld;

  const watch = async (version: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${API}${HUB_API.watch}?version=${version}`, headers: { authorization: `Bearer ${HUB_TOKEN}` } });
    return res.json<{ data: HubFeed }>().data;
  };
  const valid = (feed: HubFeed) => parseHubState({ interface: { name: 'gw0', private_key: HUB_ENV.VPN_HUB_PUBLIC_KEY, listen_port: 51820, address: feed.address }, boxes: feed.boxes, clients: feed.clients, flows: feed.flows });

  beforeAll(async () => {
    // no MQTT: remote access does not depend on the box link
    t = await createTestApp({ env: HUB_ENV });
    w = await remoteWorld(t, 'HF');
  });
  afterAll(async () => t.close());

  it('a watch answers as soon as a session opens, and when its time is up', async () => {
    const client = await makeClient(t, w.engineer.token, { name: '笔记本' });
    const before = await hubState(t);
    const started = Date.now();
    const waiting = watch(before.version);
    const res = await t.api('POST', REMOTE_SESSION_PATH, { token: w.engineer.token, body: { client_id: client.id, device_id: w.boxes.b, minutes: 5 } });
    const session = res.json().data as RemoteSession;
    const opened = await waiting;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(opened.flows.map((f) => f.id)).toContain(`s${session.id}`);

    const waitingEnd = watch(opened.version);
    const at = Date.now();
    t.clock.advance(5 * 60_000);
    try {
      const after = await waitingEnd;
      // the sweep, every second while a session is open, ends it and wakes the watch
      expect(Date.now() - at).toBeLessThan(2500);
      expect(after.flows.map((f) => f.id)).not.toContain(`s${session.id}`);
    } finally {
      t.clock.advance(-5 * 60_000);
    }
  });

  it('leaves out a client the hub would refuse (an address on a box’s network, a key a box has) and its flows; the rest goes on', async () => {
    const good = await makeClient(t, w.engineer.token, { name: '好的' });
    const opened = await t.api('POST', REMOTE_SESSION_PATH, { token: w.engineer.token, body: { client_id: good.id, device_id: w.boxes.a1 } });
    const session = opened.json().data as RemoteSession;
    // rows no write of the API makes, as an old database or a hand's edit might hold them
    const [onBoxNet] = await t.db
      .insert(debugClient)
      .values({ name: '坏地址', address: w.machineNet.b.replace(/0\/24$/, '9'), public_key: wgPublicKey(), user_id: w.engineer.id, customer_id: w.a })
      .returning();
    const [boxKey] = await t.db.insert(debugClient).values({ name: '坏密钥', address: '10.9.9.9', public_key: w.keys.a, user_id: w.engineer.id, customer_id: w.a }).returning();
    const feed = await hubState(t);
    expect(valid(feed)).toMatchObject({ ok: true });
    const ids = feed.clients.map((c) => c.id);
    expect(ids).toContain(`c${good.id}`);
    expect(ids).not.toContain(`c${onBoxNet.id}`);
    expect(ids).not.toContain(`c${boxKey.id}`);
    expect(feed.boxes.map((b) => b.id).sort()).toEqual(['HF-A', 'HF-A1', 'HF-B']);
    expect(feed.flows.map((f) => f.id)).toContain(`s${session.id}`);
  });
});

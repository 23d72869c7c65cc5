import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import mqtt from 'mqtt';
import { Registry } from 'prom-client';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@gw/contracts';
import { adminUser } from '../db/schema.js';
import { type FleetWorld, fleetWorld } from '../test/fleet.js';
import { type TestApp, createTestApp } from '../test/harness.js';
import { liveTab } from '../test/live.js';
import { DEVICE_PATH } from '@gw/contracts';
import { exportRunnerOf } from '../jobs/export-runner.js';
import { LiveChannel, liveChannelOf } from './channel.js';

const at = '2026-11-23T12:00:00.000Z';

describe('the live channel', () => {
  let t: TestApp;
  let w: FleetWorld;
  let url: string;
  const userId = async (username: string) => (await t.db.select({ id: adminUser.id }).from(adminUser).where(eq(adminUser.username, username)))[0].id;
  const presence = (customer_id: number, device_id: number): LiveEvent => ({ type: 'presence', customer_id, device_id, gateway_id: `G${device_id}`, online: true, at });

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt', 'live', 'jobs'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/custom/api/v1/live`;
    w = await fleetWorld(t, 'L');
  });
  afterAll(() => t.close());

  it('sends nothing before the token, and closes a bad token with 4401 and a bad first message with 4400', async () => {
    const silent = await liveTab(url);
    t.deps.live.publish(presence(w.a, w.boxes.a));
    await new Promise((r) => setTimeout(r, 200));
    expect(silent.events).toEqual([]);
    silent.send({ token: 'not-a-token' });
    expect(await silent.closed).toEqual({ code: 4401, reason: '登录已失效,请重新登录' });

    const garbled = await liveTab(url);
    garbled.socket.send('hello?');
    expect((await garbled.closed).code).toBe(4400);
  });

  it("a box's presence reaches the vendor's admin and its owner's users (a parent company too), not another customer's", async () => {
    const channel = liveChannelOf(t.deps)!;
    const before = channel.tabs.size;
    const admin = await liveTab(url, w.admin);
    const userA = await liveTab(url, w.userA);
    const userB = await liveTab(url, w.userB);
    await expect.poll(() => channel.tabs.size).toBe(before + 3);

    const event = presence(w.a1, w.boxes.a1);
    t.deps.live.publish(event);
    t.deps.live.publish(presence(w.b, w.boxes.b));
    await expect.poll(() => admin.events.length).toBe(2);
    await expect.poll(() => userA.events).toEqual([event]);
    await expect.poll(() => userB.events.length).toBe(1);
    expect(userB.events[0]).toMatchObject({ customer_id: w.b });

    const metrics = await t.app.inject({ method: 'GET', url: '/custom/api/metrics' });
    expect(metrics.body).toMatch(new RegExp(`live_connections ${before + 3}`));
    for (const tab of [admin, userA, userB]) tab.socket.close();
  });

  it("a real box coming online and going away turns up on its owner's tab, not on another customer's", async () => {
    const channel = liveChannelOf(t.deps)!;
    const userA = await liveTab(url, w.userA);
    const userB = await liveTab(url, w.userB);
    await expect.poll(() => [...channel.tabs].filter((tab) => tab.socket.readyState === WebSocket.OPEN).length).toBeGreaterThanOrEqual(2);
    const box = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.deps.broker!.port}`, { clientId: 'L-A', username: 'L-A', password: w.secrets['L-A'], reconnectPeriod: 0 });
    await expect.poll(() => userA.events.at(-1)).toMatchObject({ type: 'presence', device_id: w.boxes.a, customer_id: w.a, online: true });
    await box.endAsync();
    await expect.poll(() => userA.events.at(-1)).toMatchObject({ type: 'presence', device_id: w.boxes.a, online: false });
    expect(userB.events.filter((e) => e.type === 'presence' && e.device_id === w.boxes.a)).toEqual([]);
    userA.socket.close();
    userB.socket.close();
  });

  it("a job's progress goes to its owner only", async () => {
    const channel = liveChannelOf(t.deps)!;
    const userA = await liveTab(url, w.userA);
    const admin = await liveTab(url, w.admin);
    await expect.poll(() => [...channel.tabs].filter((tab) => tab.socket.readyState === WebSocket.OPEN).length).toBeGreaterThanOrEqual(2);
    const job: LiveEvent = { type: 'job', user_id: await userId('l-user-a'), job_id: 9, status: 'running', progress: 40 };
    t.deps.live.publish(job);
    t.deps.live.publish(presence(w.a, w.boxes.a)); // a marker: the admin saw everything before it
    await expect.poll(() => userA.events).toEqual([job, presence(w.a, w.boxes.a)]);
    await expect.poll(() => admin.events).toEqual([presence(w.a, w.boxes.a)]);
    userA.socket.close();
    admin.socket.close();
  });

  it("a rollout's progress goes to the vendor's users who may see rollouts, never to a customer's", async () => {
    const channel = liveChannelOf(t.deps)!;
    const userA = await liveTab(url, w.userA);
    const admin = await liveTab(url, w.admin);
    await expect.poll(() => [...channel.tabs].filter((tab) => tab.socket.readyState === WebSocket.OPEN).length).toBeGreaterThanOrEqual(2);
    const moved: LiveEvent = { type: 'rollout', rollout_id: 7, device_id: null, state: 'running', at };
    t.deps.live.publish(moved);
    t.deps.live.publish(presence(w.a, w.boxes.a)); // a marker: the customer's tab saw everything before it
    await expect.poll(() => admin.events).toEqual([moved, presence(w.a, w.boxes.a)]);
    await expect.poll(() => userA.events).toEqual([presence(w.a, w.boxes.a)]);
    userA.socket.close();
    admin.socket.close();
  });

  it('realtime values go only to tabs watching that device', async () => {
    const channel = liveChannelOf(t.deps)!;
    // as the console does: the watch list straight after the token, before the server has checked it
    const watching = await liveTab(url, w.userA);
    watching.send({ watch: [w.boxes.a] });
    const other = await liveTab(url, w.userA);
    const values = (device_id: number): LiveEvent => ({ type: 'realtime', customer_id: w.a, device_id, machine_id: 1, ts: at, values: { speed: device_id } });
    await expect.poll(() => [...channel.tabs].filter((tab) => tab.token === w.userA && tab.socket.readyState === WebSocket.OPEN).length).toBe(2);
    expect([...channel.tabs].some((tab) => tab.sees(values(w.boxes.a)))).toBe(true);
    t.deps.live.publish(values(w.boxes.a1));
    t.deps.live.publish(values(w.boxes.a));
    t.deps.live.publish(presence(w.a, w.boxes.a));
    await expect.poll(() => watching.events).toEqual([values(w.boxes.a), presence(w.a, w.boxes.a)]);
    await expect.poll(() => other.events).toEqual([presence(w.a, w.boxes.a)]);
    watching.socket.close();
    other.socket.close();
  });

  it("a real export's progress reaches its owner's tab, ending done, and not the admin's", async () => {
    const channel = liveChannelOf(t.deps)!;
    const owner = await liveTab(url, w.userA);
    const admin = await liveTab(url, w.admin);
    await expect.poll(() => [...channel.tabs].filter((tab) => tab.socket.readyState === WebSocket.OPEN).length).toBeGreaterThanOrEqual(2);
    const res = await t.api('POST', `${DEVICE_PATH}/export`, { token: w.userA, body: {} });
    expect(res.json().code).toBe(200);
    await exportRunnerOf(t.deps)!.idle();
    await expect.poll(() => owner.events.at(-1)).toMatchObject({ type: 'job', user_id: await userId('l-user-a'), status: 'done', progress: 100 });
    expect(admin.events.filter((e) => e.type === 'job')).toEqual([]);
    owner.socket.close();
    admin.socket.close();
  });

  it('closes a tab that sends no token in time with 4408', async () => {
    const bare = Fastify();
    const channel = new LiveChannel(bare, t.deps, new Registry(), { helloMs: 300 });
    channel.start();
    await bare.listen({ port: 0, host: '127.0.0.1' });
    try {
      const tab = await liveTab(`ws://127.0.0.1:${(bare.server.address() as { port: number }).port}/custom/api/v1/live`);
      expect(await tab.closed).toEqual({ code: 4408, reason: '连接后未及时发送令牌' });
    } finally {
      await channel.stop();
      await bare.close();
    }
  });

  it('a tab whose session is signed out is closed with 4401 at the next check', async () => {
    const token = await t.login('l-user-b', 'secret-123');
    const tab = await liveTab(url, token);
    const channel = liveChannelOf(t.deps)!;
    await expect.poll(() => [...channel.tabs].some((x) => x.token === token)).toBe(true);
    expect((await t.api('DELETE', '/user/logout', { token })).json().code).toBe(200);
    await channel.recheckAll();
    expect((await tab.closed).code).toBe(4401);
  });
});

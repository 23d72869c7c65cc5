import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_PATH } from '@gw/contracts';
import { device, deviceOnlineLog } from '../../db/schema.js';
import { fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { type Heard, handLink } from './hand-link.js';
import { startPresence } from './index.js';
import type { PresenceLog } from './transitions.js';

const HOUR = 3_600_000;
const quiet: PresenceLog = { error: () => undefined, warn: () => undefined };

/** Presence through an external broker, its `state` messages fed by hand in the broker's order of arrival. */
describe('presence from state messages (external broker)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MQTT_BROKER: 'off' } });
    const w = await fleetWorld(t, 'R');
    for (const gw of ['R-1', 'R-2', 'R-3', 'R-4', 'R-5', 'R-6', 'R-7']) {
      const res = await t.api('POST', DEVICE_PATH, { token: w.admin, body: { gateway_id: gw, name: gw, goods_id: w.goodsId } });
      expect(res.json().code).toBe(200);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const box = async (gw: string) => (await t.db.select().from(device).where(eq(device.gateway_id, gw)))[0];
  const rows = async (gw: string) =>
    (await t.db.select().from(deviceOnlineLog).where(eq(deviceOnlineLog.device_id, (await box(gw)).id)).orderBy(asc(deviceOnlineLog.id))).map(
      (r) => `${r.online ? 'on' : 'off'}:${r.reason}`,
    );
  /** A presence on a hand link; `send` delivers one state of `gw` as the broker would. */
  const external = async (node = 'ext-node:1', options: { log?: PresenceLog; retainedStateWaitMs?: number } = {}) => {
    const hand = handLink(node, false);
    const presence = await startPresence(hand.link, t.deps, { log: quiet, ...options });
    const send = (gw: string, state: object | string, heard: Heard = {}) =>
      hand.publish(gw, 'state', typeof state === 'string' ? state : JSON.stringify(state), { subscription: 1, ...heard });
    return { send, stop: () => presence.stop() };
  };

  it('a will matches its announce by conn, whatever the box clock says; a late will of an older connection changes nothing', async () => {
    const { send, stop } = await external();
    const before = Date.now();
    await send('R-1', { online: true, conn: 'a', ts: Date.now() + HOUR, version: '1.0' });
    const first = await box('R-1');
    expect(first).toMatchObject({ online: true, online_session: 'conn:a', online_node: 'ext-node:1' });
    // since when it is online is the server's time, not the box's
    expect(first.online_since!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(first.online_since!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // the same announce heard again (or by another node) is no new connection
    await send('R-1', { online: true, conn: 'a', ts: Date.now() + HOUR });
    expect(await rows('R-1')).toEqual(['on:connect']);

    // the box reconnects with its clock an hour behind; the will of the first connection comes late
    await send('R-1', { online: true, conn: 'b', ts: Date.now() - HOUR });
    await send('R-1', { online: false, conn: 'a', ts: Date.now() + HOUR });
    expect(await box('R-1')).toMatchObject({ online: true, online_session: 'conn:b' });
    // its own will, without ts, ends it
    await send('R-1', { online: false, conn: 'b' });
    expect(await box('R-1')).toMatchObject({ online: false, online_session: '' });
    expect(await rows('R-1')).toEqual(['on:connect', 'on:connect', 'off:will']);
    await stop();
  });

  it('a box that names no connection: its announce takes it online once, any offline (a will without ts) takes it offline; other keys are ignored', async () => {
    const { send, stop } = await external();
    await send('R-2', { online: true, firmware_build: 7 });
    const online = await box('R-2');
    expect(online.online).toBe(true);
    expect(online.online_session).toMatch(/^at:ext-node:1:/);
    await send('R-2', { online: true, ts: 1 });
    expect(await box('R-2')).toMatchObject({ online: true, online_session: online.online_session });
    await send('R-2', { online: false });
    expect((await box('R-2')).online).toBe(false);
    expect(await rows('R-2')).toEqual(['on:connect', 'off:will']);
    await stop();
  });

  it('a retained copy is the broker’s last word when the link (re)subscribes, but older than a live state heard before it in the same subscription', async () => {
    const { send, stop } = await external();
    await send('R-3', { online: true, conn: 'c' }, { subscription: 1 });
    // the retained will of this connection, handed over after its live announce: older
    await send('R-3', { online: false, conn: 'c' }, { subscription: 1, retained: true });
    expect(await box('R-3')).toMatchObject({ online: true, online_session: 'conn:c' });
    // the link reconnected: a stale retained offline of an earlier connection never flips the live one
    await send('R-3', { online: false, conn: 'old', ts: Date.now() + HOUR }, { subscription: 2, retained: true });
    expect(await box('R-3')).toMatchObject({ online: true, online_session: 'conn:c' });
    // reconnected again: the box died meanwhile, its will is the retained word
    await send('R-3', { online: false, conn: 'c' }, { subscription: 3, retained: true });
    expect((await box('R-3')).online).toBe(false);
    // and again: it came back while the link was away (an announce never heard live)
    await send('R-3', { online: true, conn: 'd' }, { subscription: 4, retained: true });
    expect(await box('R-3')).toMatchObject({ online: true, online_session: 'conn:d' });
    await send('R-3', { online: false, conn: 'd' }, { subscription: 4 });
    await send('R-3', { online: true, conn: 'd' }, { subscription: 4, retained: true });
    expect((await box('R-3')).online).toBe(false);
    expect(await rows('R-3')).toEqual(['on:connect', 'off:will', 'on:connect', 'off:will']);

    // without conn: a retained offline in a later subscription ends the box; within the same, after a live online, not
    await send('R-4', { online: true }, { subscription: 5 });
    await send('R-4', { online: false }, { subscription: 5, retained: true });
    expect((await box('R-4')).online).toBe(true);
    await send('R-4', { online: false }, { subscription: 6, retained: true });
    expect((await box('R-4')).online).toBe(false);
    await stop();
  });

  it('two nodes hearing the same states record each transition once', async () => {
    const one = await external('ext-node:1');
    const two = await external('ext-node:2');
    for (const state of [{ online: true, conn: 'e' }, { online: false, conn: 'e' }]) {
      await one.send('R-5', state);
      await two.send('R-5', state);
    }
    for (const state of [{ online: true }, { online: false }]) {
      await one.send('R-6', state);
      await two.send('R-6', state);
    }
    expect(await rows('R-5')).toEqual(['on:connect', 'off:will']);
    expect(await rows('R-6')).toEqual(['on:connect', 'off:will']);
    await Promise.all([one.stop(), two.stop()]);
  });

  it('a malformed state is ignored and logged once per box; a box left online that no online state names goes offline after the wait', async () => {
    const warnings: unknown[] = [];
    await t.db.update(device).set({ online: true, online_node: 'ext-node:0', online_session: 'conn:gone' }).where(eq(device.gateway_id, 'R-7'));
    const { send, stop } = await external('ext-node:1', { log: { ...quiet, warn: (o) => warnings.push(o) }, retainedStateWaitMs: 300 });
    await send('R-1', '{"online":"yes"');
    await send('R-1', 'not json');
    await send('R-1', { online: true, conn: 'not a conn id' });
    expect(warnings).toHaveLength(1);
    expect((await box('R-1')).online).toBe(false);
    for (let i = 0; i < 100 && (await box('R-7')).online; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await box('R-7')).toMatchObject({ online: false, online_session: '' });
    expect(await rows('R-7')).toEqual(['off:reconcile']);
    await stop();
  });
});

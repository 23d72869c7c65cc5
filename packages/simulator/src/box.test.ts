import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BOX_API,
  BRAND_TABLES,
  LICENSE_REFUSAL,
  boxInfoSchema,
  boxStateSchema,
  boxTrafficSchema,
  cncAlarmSchema,
  telemetryMessageSchema,
  wgKeyError,
} from '@gw/contracts';
import { STOP_WAIT_MS } from './box.js';
import { type Fleet, startFleet } from './fleet.js';
import type { BoxIdentity } from './identity.js';
import { licenceSigner, testBroker } from './test/broker.js';
import { newWgKeyPair } from './wireguard.js';
import { platformSide, waitFor } from './test/platform.js';

const GW = 'SIM-T-0001';
const SECRET = 'box-secret-1';
const FP = 'FP-TEST-1';
const signer = licenceSigner();
const identity: BoxIdentity = {
  gateway_id: GW,
  secret: SECRET,
  fingerprint: FP,
  machines: [
    { code: 'M1', category: 'fanuc' },
    { code: 'M2', category: 'mitsubishi' },
  ],
  license: signer.certificate({ finger_print: FP, sub: GW, count: [{ model: 'fanuc', count: 1 }, { model: 'mitsubishi', count: 1 }] }),
};

let broker: Awaited<ReturnType<typeof testBroker>>;
let platform: Awaited<ReturnType<typeof platformSide>>;
let fleet: Fleet | null = null;

beforeAll(async () => {
  broker = await testBroker({ [GW]: SECRET });
  platform = await platformSide(broker.url, ['data/+/v1', 'state/+/v1', 'traffic/+/v1', 'echo/+/v1']);
});
const received = () => platform.received;
afterEach(async () => {
  await fleet?.stop();
  fleet = null;
  platform.received.length = 0;
});
afterAll(async () => {
  await platform.close();
  await broker.close();
});

const launch = (overrides: Partial<BoxIdentity> = {}, backoffMs = 50) => {
  fleet = startFleet({ identities: [{ ...identity, ...overrides }], url: broker.url, rate: 20, publicKeyPem: signer.publicKeyPem, trafficIntervalMs: 200, backoffMs });
  return fleet;
};
const start = async (overrides: Partial<BoxIdentity> = {}, backoffMs = 50) => {
  const started = launch(overrides, backoffMs);
  await started.connected(5000);
  return started;
};

/** Sends a command as the platform does and waits for the box's echo with its cmd_id. */
const command = (method: string, url: string, data?: unknown) => platform.command(GW, method, url, data);

describe('a simulated box on the wire', () => {
  it('delivers the history it kept, oldest first, before any live data or traffic, then goes on from it', async () => {
    const from = Date.now() - 2 * 86_400_000;
    fleet = startFleet({ identities: [identity], url: broker.url, rate: 20, publicKeyPem: signer.publicKeyPem, trafficIntervalMs: 200, backoffMs: 50, backfillFrom: from });
    await fleet.backfilled(20_000);
    expect(fleet.stats).toMatchObject({ backfilled: 1, backfillTraffic: 16 });
    await waitFor(() => received().filter((m) => m.topic === `data/${GW}/v1`).at(fleet!.stats.backfillMessages + 2), 'live data after the history');
    const data = received().filter((m) => m.topic === `data/${GW}/v1`).map((m) => telemetryMessageSchema.parse(m.payload));
    const times = data.flatMap((message) => message.map((item) => item.ts));
    expect(times.length).toBeGreaterThan(fleet.stats.backfillReadings);
    expect(times[0]).toBe(from);
    expect(times.every((ts, i) => i === 0 || ts >= times[i - 1])).toBe(true);
    expect(times.filter((ts) => ts < from)).toEqual([]);
    const traffic = received().filter((m) => m.topic === `traffic/${GW}/v1`).map((m) => boxTrafficSchema.parse(m.payload));
    expect(traffic.slice(0, 16).map((t) => t.ts)).toEqual(Array.from({ length: 16 }, (_, i) => from + (i + 1) * 3 * 3_600_000));
    // the live counters go on from the kept ones: no restart for the platform to count
    await waitFor(() => received().filter((m) => m.topic === `traffic/${GW}/v1`).at(16), 'a live traffic report');
    const live = boxTrafficSchema.parse(received().filter((m) => m.topic === `traffic/${GW}/v1`)[16].payload);
    expect(live.tx).toBeGreaterThanOrEqual(traffic[15].tx);
  });

  it('announces itself retained on state, sends its machine tools on data and its byte counters on traffic, all as contracts define them', async () => {
    await start();
    const state = await waitFor(() => received().find((m) => m.topic === `state/${GW}/v1`), 'state');
    expect(boxStateSchema.parse(state.payload)).toMatchObject({ online: true, fingerprint: FP, version: expect.any(String) });

    const data = await waitFor(() => received().filter((m) => m.topic === `data/${GW}/v1`).at(4), 'five data messages');
    const items = telemetryMessageSchema.parse(data.payload);
    expect(items.map((i) => [i.device_id, i.device_type])).toEqual([
      ['M1', 'fanuc'],
      ['M2', 'mitsubishi'],
    ]);
    for (const item of items) {
      const values = Object.fromEntries(item.values.map((v) => [v.name, v.value]));
      const tables = BRAND_TABLES[item.device_type!]!;
      expect(tables.runStatus.map((c) => c.code)).toContain(values.cnc_runstatus);
      expect(tables.emergency.map((c) => c.code)).toContain(values.cnc_emer);
      expect(tables.mode.map((c) => c.code)).toContain(values.cnc_mode);
      expect(cncAlarmSchema.array().safeParse(values.cnc_alarm).success).toBe(true);
      expect(values.cnc_mecpos).toEqual(expect.arrayContaining([{ axis: 'X', value: expect.any(Number) }]));
      for (const name of ['cnc_products', 'cnc_toolnum', 'cnc_srate', 'cnc_frate', 'cnc_setspeed', 'cnc_actspeed']) expect(values[name]).toEqual(expect.any(Number));
      expect(values.cnc_mainproname).toEqual(expect.any(String));
    }

    const traffic = await waitFor(() => received().filter((m) => m.topic === `traffic/${GW}/v1`).at(1), 'two traffic messages');
    expect(boxTrafficSchema.parse(traffic.payload).tx).toBeGreaterThan(0);
    expect(fleet!.stats.acked).toBeGreaterThanOrEqual(5);
  });

  /** What a newcomer subscribing to the box's state topic is handed (the retained message). */
  const retainedState = () =>
    new Promise<unknown>((resolve) => {
      const c = mqtt.connect(broker.url, { clientId: 'reader', username: 'platform' });
      c.on('message', (_t, payload) => {
        resolve(JSON.parse(payload.toString()));
        c.end();
      });
      c.subscribe(`state/${GW}/v1`);
    });

  it('says it is offline, retained, when stopped', async () => {
    const f = await start();
    await f.stop();
    fleet = null;
    // offline is retained by the box's own message, or, when the broker was too slow to acknowledge it within the
    // stop's wait and the socket was cut, by its will: a newcomer is handed offline as soon as the broker has either
    let state = boxStateSchema.parse(await retainedState());
    for (const until = Date.now() + 10_000; state.online && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 50));
      state = boxStateSchema.parse(await retainedState());
    }
    expect(state.online).toBe(false);
  });

  it('stays offline when stopped while its subscription is being answered', async () => {
    // the stop comes as the broker grants the control subscription, before the box has read the grant (the box is
    // connected but has not announced itself): its offline must stay the last word, its announce never sent after it
    let stopping: Promise<void> | undefined;
    const onSubscribe = (_subs: unknown, client: { id: string } | null) => {
      if (client?.id === GW) stopping ??= fleet?.stop();
    };
    broker.aedes.on('subscribe', onSubscribe);
    try {
      launch();
      await waitFor(() => stopping, 'the stop');
      await stopping;
      fleet = null;
    } finally {
      broker.aedes.off('subscribe', onSubscribe);
    }
    expect(boxStateSchema.parse(await retainedState()).online).toBe(false);
  });

  it('stops within its wait when the broker no longer answers, its socket cut', async () => {
    const f = await start();
    await waitFor(() => received().find((m) => m.topic === `state/${GW}/v1`), 'online');
    // the broker takes the offline state and never acknowledges it
    const authorize = broker.aedes.authorizePublish;
    broker.aedes.authorizePublish = (client, packet, done) => (packet.topic.startsWith('state/') ? undefined : authorize.call(broker.aedes, client, packet, done));
    try {
      const started = Date.now();
      await f.stop();
      fleet = null;
      expect(Date.now() - started).toBeLessThan(2 * STOP_WAIT_MS + 1000);
      await waitFor(() => broker.aedes.connectedClients === 1 || undefined, 'the box gone (only the platform left)');
    } finally {
      broker.aedes.authorizePublish = authorize;
    }
  });

  it('leaves its last will (retained) when its connection dies, and reconnects by itself', async () => {
    // the first retry comes after 0.5–1 s: time to read the will before the box is back
    const f = await start({}, 1000);
    const first = boxStateSchema.parse((await waitFor(() => received().find((m) => m.topic === `state/${GW}/v1`), 'online')).payload);
    received().length = 0;
    // the broker drops the box as a dead mobile link would
    broker.drop(GW);
    const will = boxStateSchema.parse(
      (await waitFor(() => received().find((m) => m.topic === `state/${GW}/v1` && (m.payload as { online: boolean }).online === false), 'the will')).payload,
    );
    expect(boxStateSchema.parse(await retainedState()).online).toBe(false);
    const back = boxStateSchema.parse(
      (await waitFor(() => received().find((m) => m.topic === `state/${GW}/v1` && (m.payload as { online: boolean }).online === true), 'back online')).payload,
    );
    // the will names the connection it belongs to, not a time of the box's clock; the next connection has its own id
    expect(first.conn).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(will).toEqual({ online: false, conn: first.conn });
    expect(back.conn).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(back.conn).not.toBe(first.conn);
    expect(f.stats.reconnects).toBeGreaterThanOrEqual(1);
    expect(f.stats.connected).toBe(1);
  });

  it('does not get in with a wrong secret and keeps trying with backoff', async () => {
    fleet = startFleet({ identities: [{ ...identity, secret: 'wrong' }], url: broker.url, backoffMs: 20, maxBackoffMs: 100 });
    await expect(fleet.connected(600)).rejects.toThrow(/0\/1/);
    expect(fleet.stats.reconnects).toBeGreaterThanOrEqual(2);
  });
});

describe('the box answers the platform’s commands on echo', () => {
  it('GET /api/info: its version, fingerprint, imei, iccid and config', async () => {
    await start();
    const echo = await command('GET', BOX_API.info);
    expect(echo.ret).toBe(0);
    const info = boxInfoSchema.parse(echo.msg);
    expect(info).toMatchObject({ fingerprint: FP, imei: expect.stringMatching(/^\d{15}$/), iccid: expect.stringMatching(/^8986\d{16}$/) });
    expect(info.config).toMatchObject({ machines: [{ code: 'M1', enabled: true }, { code: 'M2', enabled: true }] });
  });

  it('POST /api/login: 0 with its admin password, 410 with another, 400 without one; unknown url 404; a malformed command 400', async () => {
    await start();
    expect((await command('POST', BOX_API.login, { password: 'admin' })).ret).toBe(0);
    expect((await command('POST', BOX_API.login, { password: 'guess' })).ret).toBe(410);
    expect((await command('POST', BOX_API.login, {})).ret).toBe(400);
    expect((await command('GET', '/api/nothing')).ret).toBe(404);
    expect((await command('PATCH', BOX_API.info)).ret).toBe(400);
  });

  it('POST /api/license checks the certificate offline: another key, another box or expired → 403 with the reason; its own → 0', async () => {
    await start({ license: undefined });
    const other = licenceSigner().certificate({ finger_print: FP, count: [] });
    expect(await command('POST', BOX_API.license, { license: other })).toMatchObject({ ret: 403, msg: LICENSE_REFUSAL.badSignature });
    const elsewhere = signer.certificate({ finger_print: 'FP-OTHER', count: [] });
    expect(await command('POST', BOX_API.license, { license: elsewhere })).toMatchObject({ ret: 403, msg: LICENSE_REFUSAL.fingerprintMismatch });
    const expired = signer.certificate({ finger_print: FP, count: [], exp: Math.floor(Date.now() / 1000) - 1 });
    expect(await command('POST', BOX_API.license, { license: expired })).toMatchObject({ ret: 403, msg: LICENSE_REFUSAL.expired });
    expect((await command('POST', BOX_API.license, { license: 'not.a.licence' })).ret).toBe(403);
    expect((await command('POST', BOX_API.license, { licence: 'typo' })).ret).toBe(400);
    const good = signer.certificate({ finger_print: FP, count: [{ model: 'all', count: 3 }], jti: 'L-good' });
    expect(await command('POST', BOX_API.license, { license: good })).toMatchObject({ ret: 0, msg: { jti: 'L-good' } });
    expect((await command('GET', BOX_API.license)).msg).toMatchObject({ installed: true, claims: { jti: 'L-good' } });
  });

  it('enabling more machine tools of a brand than the licence counts → 409 with count; without a licence → 403; within it → 0', async () => {
    await start();
    const machines = [
      { code: 'M1', category: 'fanuc', enabled: true },
      { code: 'M2', category: 'mitsubishi', enabled: true },
      { code: 'M3', category: 'fanuc', enabled: true },
    ];
    expect(await command('POST', BOX_API.config, { machines })).toMatchObject({ ret: 409, msg: { count: 1 } });
    // the refused config is not kept
    expect((await command('GET', BOX_API.config)).msg).toMatchObject({ machines: [{ code: 'M1' }, { code: 'M2' }] });

    machines[2].enabled = false;
    expect((await command('POST', BOX_API.config, { machines, interval_ms: 500 })).ret).toBe(0);
    expect((await command('GET', BOX_API.config)).msg).toMatchObject({ interval_ms: 500, machines: [{}, {}, { code: 'M3', enabled: false }] });

    expect((await command('POST', BOX_API.config, { interval_ms: 'fast' })).ret).toBe(400);
    expect((await command('DELETE', BOX_API.license)).ret).toBe(0);
    expect((await command('POST', BOX_API.config, { machines })).ret).toBe(403);
  });

  it('announces its WireGuard public key, the same at every start, never its private key; takes POST /api/vpn and DELETE /api/vpn with 0 and keeps the tunnel', async () => {
    const { privateKey, publicKey } = newWgKeyPair();
    await start({ wg_private_key: privateKey });
    const state = await waitFor(() => received().find((m) => m.topic === `state/${GW}/v1`), 'state');
    expect(state.payload).toMatchObject({ wg_public_key: publicKey });
    expect(wgKeyError((state.payload as { wg_public_key: unknown }).wg_public_key, '公钥')).toBeNull();
    expect(JSON.stringify(received().map((m) => m.payload))).not.toContain(privateKey);

    const tunnel = { address: '10.8.0.2/32', hub: { public_key: newWgKeyPair().publicKey, endpoint: 'vpn.example.com:51820' }, allowed_ips: ['10.9.0.0/16'], keepalive: 25, lan: '10.100.1.1/24', nat: [{ ip: '10.100.1.3', lan_ip: '192.168.0.20' }] };
    expect((await command('POST', BOX_API.vpn, tunnel)).ret).toBe(0);
    expect(fleet!.boxes[0].state.vpn).toEqual(tunnel);
    expect((await command('POST', BOX_API.vpn, { ...tunnel, hub: { public_key: 'bad', endpoint: 'x:1' } })).ret).toBe(400);
    expect(fleet!.boxes[0].state.vpn).toEqual(tunnel);
    expect((await command('DELETE', BOX_API.vpn)).ret).toBe(0);
    expect(fleet!.boxes[0].state.vpn).toBeNull();

    // an identity written before boxes had keys: a pair of its own, the same at the next start
    await fleet!.stop();
    platform.received.length = 0;
    await start();
    const first = await waitFor(() => received().find((m) => m.topic === `state/${GW}/v1`), 'state');
    await fleet!.stop();
    platform.received.length = 0;
    await start();
    const again = await waitFor(() => received().find((m) => m.topic === `state/${GW}/v1`), 'state');
    expect((again.payload as { wg_public_key: string }).wg_public_key).toBe((first.payload as { wg_public_key: string }).wg_public_key);
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { loadConfig } from '../../config.js';
import { addressList } from '../../http/address-list.js';
import { createTestApp } from '../../test/harness.js';
import { METRICS_MSG, metricsRegistry, registerHealth } from './health.js';

type Headers = Record<string, string>;

async function read(app: FastifyInstance, remoteAddress: string, headers: Headers = {}) {
  const res = await app.inject({ method: 'GET', url: '/custom/api/metrics', remoteAddress, headers });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

/** The metrics route reads no database (only /healthz does, and these tests never call it). */
const noDatabase = null as unknown as Db;

/**
 * The health plugin alone on a bare Fastify, with the settings of `env` and Fastify's trustProxy as app.ts gives
 * it for `off`, `on` and proxy addresses (a hop count app.ts turns into a function: the whole app's test below).
 */
async function metricsAlone(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig(env);
  if (typeof config.trustProxy === 'number') throw new Error('a TRUST_PROXY hop count is tested on the whole app');
  const app = Fastify({ logger: false, trustProxy: config.trustProxy });
  registerHealth(app, { config, db: noDatabase, metrics: metricsRegistry() });
  await app.ready();
  return app;
}

describe('/custom/api/metrics by default: loopback only', () => {
  let t: FastifyInstance;
  beforeAll(async () => {
    t = await metricsAlone();
  });
  afterAll(() => t.close());

  it('answers the machine itself, however its address is written', async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await read(t, ip);
      expect(res.status, ip).toBe(200);
      expect(res.body, ip).toContain('process_cpu_user_seconds_total');
    }
  });

  it('refuses any other address with 403 in the envelope, and a local proxy’s visitors too', async () => {
    for (const [ip, headers] of [
      ['203.0.113.5', {}],
      ['10.0.0.7', {}],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.5' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.5' }],
      // with no METRICS_TOKEN set, a bearer token opens nothing
      ['203.0.113.5', { authorization: 'Bearer anything' }],
    ] as [string, Headers][]) {
      const res = await read(t, ip, headers);
      expect(res.status, ip).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ code: 403, message: METRICS_MSG.notAllowed, data: null });
      expect(res.body).not.toContain('process_cpu');
    }
  });
});

describe('/custom/api/metrics with METRICS_TOKEN and METRICS_ALLOW', () => {
  let t: FastifyInstance;
  beforeAll(async () => {
    t = await metricsAlone({ METRICS_TOKEN: 'scrape-Secret-1', METRICS_ALLOW: '10.0.0.0/8, fd00::/8', TRUST_PROXY: 'on' });
  });
  afterAll(() => t.close());

  it('answers the right bearer token from anywhere', async () => {
    expect((await read(t, '203.0.113.5', { authorization: 'Bearer scrape-Secret-1' })).status).toBe(200);
    expect((await read(t, '203.0.113.5', { authorization: 'bearer scrape-Secret-1' })).status).toBe(200);
  });

  it('answers the allowed ranges without a token, and loopback no longer (the list replaces the default)', async () => {
    expect((await read(t, '10.20.30.40')).status).toBe(200);
    expect((await read(t, 'fd12::5')).status).toBe(200);
    // behind a trusted proxy the client's own address counts
    expect((await read(t, '127.0.0.1', { 'x-forwarded-for': '10.1.1.1' })).status).toBe(200);
    expect((await read(t, '10.1.1.1', { 'x-forwarded-for': '203.0.113.5' })).status).toBe(401);
    expect((await read(t, '127.0.0.1')).status).toBe(401);
  });

  it('refuses a missing or wrong token with 401, asking for a bearer token', async () => {
    for (const headers of [{}, { authorization: 'Bearer scrape-Secret-2' }, { authorization: 'Bearer ' }, { authorization: 'scrape-Secret-1' }] as Headers[]) {
      const res = await read(t, '203.0.113.5', headers);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(JSON.parse(res.body)).toEqual({ code: 401, message: METRICS_MSG.badToken, data: null });
    }
    // a wrong token from an allowed address is still wrong
    expect((await read(t, '10.0.0.1', { authorization: 'Bearer nope' })).status).toBe(401);
  });
});

describe('addressList', () => {
  it('matches addresses and ranges of both families', () => {
    const allowed = addressList(['127.0.0.1', '::1', '192.168.0.0/16', '2001:db8::/32'], 'X');
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1', '192.168.4.5', '2001:db8:1::9'].map(allowed)).toEqual([true, true, true, true, true]);
    expect(['127.0.0.2', '192.169.0.1', '2001:db9::1', 'not-an-ip', ''].map(allowed)).toEqual([false, false, false, false, false]);
    expect(addressList([], 'X')('127.0.0.1')).toBe(false);
  });

  it('stops the start on a malformed entry, naming the setting', () => {
    for (const entry of ['localhost', '10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/8', '::1/129', '1.2.3']) {
      expect(() => addressList([entry], 'METRICS_ALLOW'), entry).toThrow(/METRICS_ALLOW 中的地址不正确/);
    }
  });
});

describe('TRUST_PROXY naming how many proxies to believe', () => {
  // the whole app: the hop count is app.ts's (a function of the hop for Fastify), and the settings reach the route
  it('with one hop, a forwarded-for the client wrote itself is not believed: only what the proxy appended counts', async () => {
    const t = await createTestApp({ env: { METRICS_ALLOW: '10.0.0.0/8', TRUST_PROXY: '1' } });
    try {
      // the proxy (127.0.0.1) appended the client's real address after the one the client forged
      expect((await read(t.app, '127.0.0.1', { 'x-forwarded-for': '10.1.1.1, 203.0.113.5' })).status).toBe(403);
      expect((await read(t.app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5, 10.1.1.1' })).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('with the proxy’s address, only that proxy’s header counts', async () => {
    const t = await metricsAlone({ METRICS_ALLOW: '10.0.0.0/8', TRUST_PROXY: '127.0.0.1' });
    try {
      expect((await read(t, '127.0.0.1', { 'x-forwarded-for': '10.1.1.1' })).status).toBe(200);
      // a stranger's header is ignored: its own address is what counts
      expect((await read(t, '203.0.113.7', { 'x-forwarded-for': '10.1.1.1' })).status).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('refuses a value that is none of off, on, a hop count or addresses, naming the setting', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow('TRUST_PROXY');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow('TRUST_PROXY');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toBe('10.0.0.0/8,::1');
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

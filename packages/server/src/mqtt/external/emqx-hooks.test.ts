import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device } from '../../db/schema.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';

describe('EMQX 5 HTTP authentication and authorization hooks', () => {
  let t: TestApp;
  let w: FleetWorld;
  const headers = { 'x-hook-secret': 'hook-secret-1' };
  beforeAll(async () => {
    // no EMQX needed: the hooks are plain HTTP; the link keeps trying a port nothing listens on
    t = await createTestApp({ services: ['mqtt'], env: { MQTT_URL: 'mqtt://127.0.0.1:9', EMQX_HOOK_SECRET: 'hook-secret-1', MQTT_USERNAME: 'gw-server', MQTT_PASSWORD: 'server-pass' } });
    w = await fleetWorld(t, 'E');
  }, 60_000);
  afterAll(() => t.close());

  const authn = async (body: Record<string, unknown>, h: Record<string, string> = headers) => {
    const res = await t.api('POST', '/mqtt/emqx/authn', { body, headers: h });
    return { status: res.statusCode, ...res.json<{ result: string; is_superuser?: boolean }>() };
  };
  const authz = async (body: Record<string, unknown>) => (await t.api('POST', '/mqtt/emqx/authz', { body, headers })).json().result as string;

  it('lets a box in with its gateway id and secret, not with a wrong secret, another client id, unknown or scrapped', async () => {
    expect(await authn({ clientid: 'E-A', username: 'E-A', password: w.secrets['E-A'], peerhost: '10.0.0.9' })).toMatchObject({ status: 200, result: 'allow', is_superuser: false });
    // a template with more fields than those read (the operator's choice) is taken, not refused
    expect(await authn({ clientid: 'E-A', username: 'E-A', password: w.secrets['E-A'], proto_name: 'MQTT' })).toMatchObject({ status: 200, result: 'allow' });
    expect((await authn({ clientid: 'E-A', username: 'E-A', password: 'wrong' })).result).toBe('deny');
    expect((await authn({ clientid: 'E-B', username: 'E-A', password: w.secrets['E-A'] })).result).toBe('deny');
    expect((await authn({ clientid: 'nobody', username: 'nobody', password: 'x' })).result).toBe('deny');
    await t.db.update(device).set({ state: 'scrapped' }).where(eq(device.gateway_id, 'E-S'));
    expect((await authn({ clientid: 'E-S', username: 'E-S', password: w.secrets['E-S'] })).result).toBe('deny');
    const metrics = (await t.app.inject({ method: 'GET', url: '/custom/api/metrics' })).body;
    for (const reason of ['wrong_secret', 'client_id_mismatch', 'unknown_box', 'scrapped']) expect(metrics).toContain(`mqtt_auth_failures_total{reason="${reason}"} 1`);
  });

  it("the server's own login is a superuser, with its password only", async () => {
    expect(await authn({ clientid: 'gw-server-x', username: 'gw-server', password: 'server-pass' })).toMatchObject({ result: 'allow', is_superuser: true });
    expect((await authn({ clientid: 'gw-server-x', username: 'gw-server', password: 'nope' })).result).toBe('deny');
    expect(await authz({ clientid: 'gw-server-x', username: 'gw-server', action: 'publish', topic: 'control/E-A/v1', qos: 1 })).toBe('allow');
  });

  it('a box publishes on its own topics and subscribes to its own control topic only', async () => {
    const box = { clientid: 'E-A', username: 'E-A' };
    for (const kind of ['data', 'echo', 'state', 'traffic', 'ota']) expect(await authz({ ...box, action: 'publish', topic: `${kind}/E-A/v1`, qos: 1 })).toBe('allow');
    expect(await authz({ ...box, action: 'publish', topic: 'data/E-B/v1', qos: 1 })).toBe('deny');
    expect(await authz({ ...box, action: 'publish', topic: 'control/E-A/v1', qos: 1 })).toBe('deny');
    expect(await authz({ ...box, action: 'subscribe', topic: 'control/E-A/v1', qos: 1 })).toBe('allow');
    expect(await authz({ ...box, action: 'subscribe', topic: 'control/+/v1', qos: 1 })).toBe('deny');
    expect(await authz({ ...box, action: 'subscribe', topic: '#', qos: 0 })).toBe('deny');
  });

  it('refuses callers without the hook secret, and bad bodies with 400', async () => {
    const res = await t.api('POST', '/mqtt/emqx/authn', { body: { clientid: 'E-A', username: 'E-A', password: w.secrets['E-A'] } });
    expect(res.statusCode).toBe(403);
    expect(res.json().result).toBe('deny');
    expect((await authn({ clientid: 'E-A', username: 'E-A', password: w.secrets['E-A'] }, { 'x-hook-secret': 'wrong' })).status).toBe(403);
    const bad = await t.api('POST', '/mqtt/emqx/authz', { body: { clientid: 'E-A' }, headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('请求体格式错误');
  });
});

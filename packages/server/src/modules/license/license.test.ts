import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACTIONS, DEVICE_PATH, LICENSE_MENU, LICENSE_NBF_LEEWAY_SECONDS, LICENSE_PATH, LICENSE_PUBLIC_KEY_PATH, type License } from '@gw/contracts';
import { device, license, operationLog, role } from '../../db/schema.js';
import { signLicense, verifyLicense } from '../../lib/license.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { loadLicenseKey } from '../tools/license-key.js';

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

describe('授权生成 (/system/license)', () => {
  let t: TestApp;
  let w: FleetWorld;
  let publicKey: string;
  /** Users of company A and of company B holding every bit of 授权生成. */
  let licA: string;
  let licB: string;

  const issue = async (token: string, body: Record<string, unknown>) => t.api('POST', LICENSE_PATH, { token, body: { type: 'business', vpn: false, count: [], ...body } });
  const issued = async (body: Record<string, unknown>) => {
    const res = await issue(w.admin, body);
    expect(res.json().code, res.body).toBe(200);
    return res.json().data as License;
  };
  const list = async (token: string, query = '') => (await t.api('GET', `${LICENSE_PATH}?limit=100&${query}`, { token })).json<{ code: number; count: number; data: License[] }>();
  const verify = async (certificate: string) => (await t.api('POST', `${LICENSE_PATH}/verify`, { token: w.admin, body: { certificate } })).json();

  beforeAll(async () => {
    t = await createTestApp();
    w = await fleetWorld(t, 'L');
    await t.db.update(device).set({ fingerprint: 'fp-A' }).where(eq(device.id, w.boxes.a));
    await t.db.update(device).set({ fingerprint: 'fp-B' }).where(eq(device.id, w.boxes.b));
    const [{ id: roleId }] = await t.db
      .insert(role)
      .values({ name: 'L 授权查看', menus: [LICENSE_MENU, DEVICE_PATH].map((menu) => ({ menu, action: ALL_ACTIONS })) })
      .returning({ id: role.id });
    await t.createUser({ username: 'lic-a', password: 'secret-123', roles: [roleId], customer_id: w.a });
    await t.createUser({ username: 'lic-b', password: 'secret-123', roles: [roleId], customer_id: w.b });
    licA = await t.login('lic-a', 'secret-123');
    licB = await t.login('lic-b', 'secret-123');
    publicKey = (await t.api('GET', LICENSE_PUBLIC_KEY_PATH)).body;
  });
  afterAll(() => t.close());

  it('issues a business licence for a box: its fingerprint and gateway id, from ten minutes ago until 2099-12-12, a certificate the public key verifies', async () => {
    const before = Math.floor(Date.now() / 1000);
    const data = await issued({ device_id: w.boxes.a, finger_print: '', vpn: true, count: [{ model: 'all', count: 5 }, { model: 'fanuc', count: 2 }], remark: '首批' });
    expect(data).toMatchObject({ device_id: w.boxes.a, gateway_id: 'L-A', finger_print: 'fp-A', type: 'business', vpn: true, remark: '首批', revoked_at: null, state: 'valid' });
    expect(data.exp).toBe(new Date('2099-12-12T00:00:00+08:00').toISOString());
    const verdict = verifyLicense(data.certificate, publicKey, { now: new Date(), fingerprint: 'fp-A' });
    expect(verdict.valid).toBe(true);
    expect(verdict.claims).toEqual({
      type: 'business',
      iat: seconds(data.iat),
      nbf: seconds(data.nbf),
      exp: seconds(data.exp),
      jti: data.jti,
      finger_print: 'fp-A',
      sub: 'L-A',
      vpn: true,
      count: [{ model: 'all', count: 5 }, { model: 'fanuc', count: 2 }],
    });
    // starting at once is backdated, so a box whose clock is a few minutes slow finds it in force
    expect(verdict.claims!.nbf).toBeGreaterThanOrEqual(before - LICENSE_NBF_LEEWAY_SECONDS);
    expect(verdict.claims!.nbf).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) - LICENSE_NBF_LEEWAY_SECONDS);
    expect(verifyLicense(data.certificate, publicKey, { now: new Date(Date.now() - 5 * 60_000) }).valid).toBe(true);
    const [stored] = await t.db.select().from(license).where(eq(license.id, data.id));
    expect(stored.certificate).toBe(data.certificate);
  });

  it('runs a trial one month from its start; a sent fingerprint wins over the box’s, and a box without one keeps it', async () => {
    const data = await issued({ device_id: w.boxes.b, finger_print: 'fp-given', type: 'temp', nbf: '2030-01-15T00:00:00Z' });
    expect(data).toMatchObject({ type: 'temp', finger_print: 'fp-given', nbf: '2030-01-15T00:00:00.000Z', exp: '2030-02-15T00:00:00.000Z' });
    // a box that has none keeps the typed one; one that has its own keeps it
    const typed = await issued({ device_id: w.boxes.stock, finger_print: 'fp-typed' });
    expect(typed.finger_print).toBe('fp-typed');
    const boxes = await t.db.select({ id: device.id, fingerprint: device.fingerprint }).from(device).where(inArray(device.id, [w.boxes.stock, w.boxes.b]));
    expect(Object.fromEntries(boxes.map((b) => [b.id, b.fingerprint]))).toEqual({ [w.boxes.stock]: 'fp-typed', [w.boxes.b]: 'fp-B' });
    const fresh = await issued({ finger_print: 'fp-loose', type: 'temp' });
    const days = (seconds(fresh.exp) - seconds(fresh.nbf)) / 86400;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(fresh).toMatchObject({ device_id: null, gateway_id: '' });
  });

  it('refuses without any fingerprint, an expiry before the start, and an unknown model, naming the field', async () => {
    for (const body of [{ device_id: w.boxes.a1 }, { finger_print: '' }]) {
      const res = await issue(w.admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('finger_print');
    }
    const early = await issue(w.admin, { finger_print: 'x', nbf: '2030-01-15T00:00:00Z', exp: '2030-01-14T00:00:00Z' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain('exp');
    const ancient = await issue(w.admin, { finger_print: 'x', nbf: '0001-01-01T00:00:00Z' });
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().message).toContain('nbf');
    const model = await issue(w.admin, { finger_print: 'x', count: [{ model: 'nobody', count: 1 }] });
    expect(model.statusCode).toBe(400);
    expect(model.json().message).toContain('count');
  });

  it('lists each licence’s state: 即将过期, 已过期, 已吊销, 正常, and filters by it', async () => {
    const expiring = await issued({ finger_print: 'fp-expiring', exp: new Date(Date.now() + 10 * 86400_000).toISOString() });
    const expired = await issued({ finger_print: 'fp-expired', type: 'temp' });
    await t.db.update(license).set({ exp: sql`now() - interval '1 day'` }).where(eq(license.id, expired.id));
    const revoked = await issued({ finger_print: 'fp-revoked' });
    expect((await t.api('POST', `${LICENSE_PATH}/${revoked.id}/revoke`, { token: w.admin, body: { reason: '设备丢失' } })).json().code).toBe(200);

    const states = new Map((await list(w.admin)).data.map((l) => [l.id, l.state]));
    expect([states.get(expiring.id), states.get(expired.id), states.get(revoked.id)]).toEqual(['expiring', 'expired', 'revoked']);
    expect((await list(w.admin, 'state=expired')).data.map((l) => l.id)).toEqual([expired.id]);
    expect((await list(w.admin, 'state=revoked')).data.map((l) => l.id)).toEqual([revoked.id]);
    expect((await list(w.admin, 'keywords=fp-expir')).count).toBe(2);
    expect((await list(w.admin, `device_id=${w.boxes.a}`)).data.every((l) => l.device_id === w.boxes.a)).toBe(true);
  });

  it('revokes in the operation log, refuses a second revocation and an empty reason, and deletes nothing', async () => {
    const data = await issued({ finger_print: 'fp-twice' });
    expect((await t.api('POST', `${LICENSE_PATH}/${data.id}/revoke`, { token: w.admin, body: { reason: '' } })).statusCode).toBe(400);
    const first = await t.api('POST', `${LICENSE_PATH}/${data.id}/revoke`, { token: w.admin, body: { reason: '合同终止' } });
    expect(first.json()).toMatchObject({ code: 200, message: '已吊销' });
    const again = await t.api('POST', `${LICENSE_PATH}/${data.id}/revoke`, { token: w.admin, body: { reason: '再来一次' } });
    expect(again.json()).toMatchObject({ code: 300, message: '该授权已吊销' });
    const detail = (await t.api('GET', `${LICENSE_PATH}/${data.id}`, { token: w.admin })).json().data;
    expect(detail).toMatchObject({ state: 'revoked', revoke_reason: '合同终止' });
    const logged = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.table_name, 'license'), eq(operationLog.record_id, String(data.id))))
      .orderBy(operationLog.id);
    expect(logged.map((r) => r.action)).toEqual([1, 3]);
    expect(logged[1].user_id).not.toBeNull();
    expect(logged[1].changes).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'revoke_reason', before: '', after: '合同终止' })]));
    expect((await t.api('DELETE', `${LICENSE_PATH}/${data.id}`, { token: w.admin })).statusCode).toBe(404);
  });

  it('verifies a certificate: valid, 已吊销, 签名无效 for one changed character, 未知设备, and garbage without an error', async () => {
    const data = await issued({ device_id: w.boxes.a, finger_print: '' });
    expect((await verify(data.certificate)).data).toMatchObject({ valid: true, reason: null, claims: { jti: data.jti, sub: 'L-A' } });

    const [head, payload, signature] = data.certificate.split('.');
    const i = Math.floor(payload.length / 2);
    const changed = `${head}.${payload.slice(0, i)}${payload[i] === 'A' ? 'B' : 'A'}${payload.slice(i + 1)}.${signature}`;
    expect((await verify(changed)).data).toMatchObject({ valid: false, reason: '签名无效' });
    expect((await verify('garbage')).data).toMatchObject({ valid: false, reason: '证书格式不正确', claims: null });
    expect((await verify('')).data.valid).toBe(false);

    const key = await loadLicenseKey(t.db);
    const now = Math.floor(Date.now() / 1000);
    const stranger = signLicense({ type: 'temp', iat: now, nbf: now, exp: now + 3600, jti: 'not-issued-here', finger_print: 'fp', sub: 'X', vpn: false, count: [] }, key.privateKeyPem);
    expect((await verify(stranger)).data).toMatchObject({ valid: false, reason: '未知设备' });

    await t.api('POST', `${LICENSE_PATH}/${data.id}/revoke`, { token: w.admin, body: { reason: '测试' } });
    expect(await verify(data.certificate)).toMatchObject({ code: 200, message: '已吊销', data: { valid: false, reason: '已吊销' } });
  });

  it('lets a customer user read its own boxes’ licences only, and neither issue nor revoke', async () => {
    const own = await issued({ device_id: w.boxes.a1, finger_print: 'fp-A1' });
    const foreign = await issued({ device_id: w.boxes.b, finger_print: '' });
    const mine = await list(licA);
    expect(mine.count).toBeGreaterThan(0);
    expect(new Set(mine.data.map((l) => l.device_id))).toEqual(new Set([w.boxes.a, w.boxes.a1]));
    expect(new Set((await list(licB)).data.map((l) => l.device_id))).toEqual(new Set([w.boxes.b]));
    expect((await t.api('GET', `${LICENSE_PATH}/${own.id}`, { token: licA })).json().data.id).toBe(own.id);
    expect((await t.api('GET', `${LICENSE_PATH}/${foreign.id}`, { token: licA })).statusCode).toBe(404);

    expect((await issue(licA, { device_id: w.boxes.a, finger_print: '' })).json()).toMatchObject({ code: 300, message: '只有平台管理员可以签发授权' });
    expect((await t.api('POST', `${LICENSE_PATH}/${own.id}/revoke`, { token: licA, body: { reason: 'x' } })).json()).toMatchObject({
      code: 300,
      message: '只有平台管理员可以吊销授权',
    });
    expect((await t.api('POST', `${LICENSE_PATH}/${foreign.id}/revoke`, { token: licA, body: { reason: 'x' } })).statusCode).toBe(404);

    // a user without the page's bits gets nothing at all
    expect((await t.api('GET', LICENSE_PATH, { token: w.userA })).statusCode).toBe(401);
    expect((await issue(w.userA, { finger_print: 'x' })).statusCode).toBe(401);
    const [stored] = await t.db.select().from(license).where(eq(license.id, own.id));
    expect(stored.revoked_at).toBeNull();
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_PATH, LICENSE_PATH, type LicenseCount, MACHINE_PATH } from '@gw/contracts';
import { machineTool } from '../../db/schema.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { API, type TestApp, createTestApp } from '../../test/harness.js';
import { licenseBox } from '../../test/license.js';

const UNLICENSED = { code: 403, message: '未授权或授权已过期', data: null };
const overCount = (count: number) => ({ code: 409, message: `当前型号启用数量超出授权数量,授权数量为${count}`, data: null, count });

describe('机床 enabled within the box’s licence', () => {
  let t: TestApp;
  let w: FleetWorld;
  let boxes = 0;

  /** A new box in stock with the vendor, licensed with `count` unless null. */
  const newBox = async (count: LicenseCount[] | null) => {
    const gateway_id = `E-N${++boxes}`;
    const res = await t.api('POST', DEVICE_PATH, { token: w.admin, body: { gateway_id, name: gateway_id, goods_id: w.goodsId } });
    const id = res.json().data.id as number;
    if (count) await licenseBox(t, w.admin, id, count);
    return id;
  };
  const add = (device_id: number, code: string, category = 'fanuc', more: object = {}, token = w.admin) =>
    t.api('POST', MACHINE_PATH, { token, body: { device_id, code, category, ...more } });
  const put = (id: number, body: object, token = w.admin) => t.api('PUT', `${MACHINE_PATH}/${id}`, { token, body });
  const enabledOn = async (deviceId: number) =>
    (await t.db.select().from(machineTool).where(and(eq(machineTool.device_id, deviceId), eq(machineTool.enabled, true)))).length;

  beforeAll(async () => {
    t = await createTestApp();
    w = await fleetWorld(t, 'E');
  });
  afterAll(() => t.close());

  it('answers 403 without a licence in force: none, expired, not yet in force, revoked', async () => {
    const none = await newBox(null);
    const expired = await newBox(null);
    await licenseBox(t, w.admin, expired, [{ model: 'all', count: 5 }], { nbf: '2020-01-01T00:00:00+08:00', exp: '2021-01-01T00:00:00+08:00' });
    const future = await newBox(null);
    await licenseBox(t, w.admin, future, [{ model: 'all', count: 5 }], { nbf: '2098-01-01T00:00:00+08:00' });
    const revoked = await newBox(null);
    const licence = await licenseBox(t, w.admin, revoked, [{ model: 'all', count: 5 }]);
    expect((await t.api('POST', `${LICENSE_PATH}/${licence.id}/revoke`, { token: w.admin, body: { reason: '测试' } })).json().code).toBe(200);

    for (const box of [none, expired, future, revoked]) {
      const res = await add(box, 'M1');
      expect(res.statusCode, `box ${box}`).toBe(403);
      expect(res.json()).toEqual(UNLICENSED);
      expect(await enabledOn(box)).toBe(0);
    }
  });

  it('lets any brand be enabled up to `all` when it is above 0, whatever the brands’ own counts', async () => {
    const box = await newBox([{ model: 'all', count: 3 }, { model: 'fanuc', count: 1 }]);
    for (const [code, category] of [['M1', 'fanuc'], ['M2', 'fanuc'], ['M3', 'siemens_cnc']]) {
      expect((await add(box, code, category)).json().code, code).toBe(200);
    }
    const over = await add(box, 'M4', 'mitsubishi');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual(overCount(3));
    // a disabled one takes no slot
    expect((await add(box, 'M4', 'mitsubishi', { enabled: false })).json().code).toBe(200);
    expect(await enabledOn(box)).toBe(3);
  });

  it('counts each brand against its own count when there is no `all` above 0, an unlisted brand at 0', async () => {
    const box = await newBox([{ model: 'all', count: 0 }, { model: 'fanuc', count: 2 }, { model: 'mitsubishi', count: 1 }]);
    const f1 = (await add(box, 'F1')).json().data.id as number;
    expect((await add(box, 'F2')).json().code).toBe(200);
    const third = await add(box, 'F3');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ code: 409, message: '当前型号启用数量超出授权数量,授权数量为2', data: null, count: 2 });
    const m1 = (await add(box, 'M1', 'mitsubishi')).json().data.id as number;
    expect((await add(box, 'M2', 'mitsubishi')).json()).toEqual(overCount(1));
    expect((await add(box, 'S1', 'siemens_cnc')).json()).toEqual(overCount(0));

    // changing the brand of an enabled one counts it under its new brand
    expect((await put(f1, { category: 'mitsubishi' })).json()).toEqual(overCount(1));
    expect((await put(m1, { enabled: false })).json().code).toBe(200);
    expect((await put(f1, { category: 'mitsubishi' })).json().code).toBe(200);
    // …and turning a disabled one on counts it
    expect((await put(m1, { enabled: true })).json()).toEqual(overCount(1));
    expect((await put(m1, { category: 'fanuc', enabled: true })).json().code).toBe(200);
    // writes that enable nothing pass
    expect((await put(f1, { name: '改名', enabled: true, category: 'mitsubishi' })).json().code).toBe(200);

    // the newest licence in force is the one that counts
    await licenseBox(t, w.admin, box, [{ model: 'fanuc', count: 3 }]);
    expect((await add(box, 'F3')).json().code).toBe(200);
    expect((await add(box, 'F4')).json()).toEqual(overCount(3));
  });

  it('always allows disabling, renaming and deleting, licence or not', async () => {
    const box = await newBox(null);
    const licence = await licenseBox(t, w.admin, box, [{ model: 'all', count: 2 }]);
    const ids = [];
    for (const code of ['M1', 'M2']) ids.push((await add(box, code)).json().data.id as number);
    await t.api('POST', `${LICENSE_PATH}/${licence.id}/revoke`, { token: w.admin, body: { reason: '测试' } });

    expect((await put(ids[0], { name: '改名' })).json().code).toBe(200);
    expect((await put(ids[0], { enabled: false })).json().code).toBe(200);
    expect((await add(box, 'M3', 'fanuc', { enabled: false })).json().code).toBe(200);
    const again = await put(ids[0], { enabled: true });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual(UNLICENSED);
    expect((await t.api('DELETE', `${MACHINE_PATH}/${ids[1]}`, { token: w.admin })).json().code).toBe(200);
    expect(await enabledOn(box)).toBe(0);
  });

  it('gives the last slot to exactly one of two creates racing for it', async () => {
    const box = await newBox([{ model: 'all', count: 2 }]);
    expect((await add(box, 'M0')).json().code).toBe(200);
    const answers = await Promise.all([add(box, 'M1'), add(box, 'M2')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await enabledOn(box)).toBe(2);
  });

  it('gives the last slot to exactly one of two updates turning machine tools on at once', async () => {
    const box = await newBox([{ model: 'fanuc', count: 1 }]);
    const ids = [];
    for (const code of ['M1', 'M2']) ids.push((await add(box, code, 'fanuc', { enabled: false })).json().data.id as number);
    const answers = await Promise.all(ids.map((id) => put(id, { enabled: true })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await enabledOn(box)).toBe(1);
  });

  it('holds a customer’s users to the same rules on their boxes, and to nothing about others’ boxes', async () => {
    await licenseBox(t, w.admin, w.boxes.a, [{ model: 'fanuc', count: 1 }]);
    await licenseBox(t, w.admin, w.boxes.b, [{ model: 'all', count: 5 }]);
    const mine = await add(w.boxes.a, 'A1', 'fanuc', {}, w.userA);
    expect(mine.json().code).toBe(200);
    expect((await add(w.boxes.a, 'A2', 'fanuc', {}, w.userA)).json()).toEqual(overCount(1));
    const off = (await add(w.boxes.a, 'A2', 'fanuc', { enabled: false }, w.userA)).json().data.id as number;
    expect((await put(off, { enabled: true }, w.userA)).json()).toEqual(overCount(1));
    // A1 is in A's subtree, without a licence
    expect((await add(w.boxes.a1, 'A1', 'fanuc', {}, w.userA)).json()).toEqual(UNLICENSED);

    // B's box, licensed or not, is not A's to write: the same answer as a box that does not exist
    expect((await add(w.boxes.b, 'X', 'fanuc', {}, w.userA)).json()).toMatchObject({ code: 300, message: '网关设备不存在' });
    expect((await add(w.boxes.stock, 'X', 'fanuc', {}, w.userA)).json()).toMatchObject({ code: 300, message: '网关设备不存在' });
    const foreign = await put(off, { enabled: true }, w.userB);
    expect(foreign.statusCode).toBe(404);
    expect(await enabledOn(w.boxes.a)).toBe(1);
  });

  it('documents the 403 and the 409 with its count on the writes that enable', async () => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { description: string; content?: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> }> }>
      >;
    };
    for (const [path, method] of [[MACHINE_PATH, 'post'], [`${MACHINE_PATH}/{id}`, 'put']]) {
      const responses = doc.paths[`${API}${path}`][method].responses;
      expect(Object.keys(responses), `${method} ${path}`).toEqual(expect.arrayContaining(['200', '403', '409']));
      const conflict = responses['409'].content!['application/json'].schema;
      expect(conflict.properties).toHaveProperty('count');
      expect(conflict.required).toContain('count');
      expect(responses['409'].description).toContain('授权数量');
      expect(responses['403'].description).toBe('未授权或授权已过期');
    }
    expect(Object.keys(doc.paths[`${API}${MACHINE_PATH}/{id}`].delete.responses)).not.toContain('409');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_PATH, TAG_PATH } from '@gw/contracts';
import { device, deviceTagLink } from '../db/schema.js';
import { type FleetWorld, fleetWorld } from '../test/fleet.js';
import { type TestApp, createTestApp } from '../test/harness.js';

/** A write either does what it says or is refused: nothing a body names is dropped in silence. */
describe('writes that name a field they cannot save', () => {
  let t: TestApp;
  let w: FleetWorld;
  const box = async (id: number) => (await t.db.select().from(device).where(eq(device.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp();
    w = await fleetWorld(t);
  });
  afterAll(() => t.close());

  it('refuses a box owner changed by PUT (ownership moves only through 分配客户), naming customer_id, and changes nothing', async () => {
    const before = await box(w.boxes.a);
    const res = await t.api('PUT', `${DEVICE_PATH}/${w.boxes.a}`, { token: w.admin, body: { customer_id: w.b, name: '新名字' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^参数错误 customer_id: 不接受此字段/);
    expect(await box(w.boxes.a)).toEqual(before);
  });

  it('refuses an unknown key on a create, an update and a route of its own, naming it', async () => {
    const created = await t.api('POST', DEVICE_PATH, { token: w.admin, body: { gateway_id: 'STRICT-1', foo: 1 } });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toContain('foo: 不接受此字段');
    const [none] = await t.db.select().from(device).where(eq(device.gateway_id, 'STRICT-1'));
    expect(none).toBeUndefined();

    const updated = await t.api('PUT', `${DEVICE_PATH}/${w.boxes.a}`, { token: w.admin, body: { name: 'x', foo: 1, bar: { baz: 2 } } });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().message).toBe('参数错误 foo: 不接受此字段(未知,或不能在此修改); bar: 不接受此字段(未知,或不能在此修改)');

    // an action's own body (分配客户) and a nested one (a role's menus) are held to the same rule
    const assign = await t.api('POST', `${DEVICE_PATH}/assign`, { token: w.admin, body: { ids: [w.boxes.stock], customer_id: w.a, force: true } });
    expect(assign.statusCode).toBe(400);
    expect(assign.json().message).toContain('force');
    expect((await box(w.boxes.stock)).state).toBe('in_stock');
    const role = await t.api('POST', '/system/role', { token: w.admin, body: { name: '严格', menus: [{ menu: DEVICE_PATH, action: 1, extra: 1 }] } });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toContain('menus.0.extra');
  });

  it('saves tags sent alone, and says 保存成功 only of what it saved', async () => {
    const tag = (await t.api('POST', TAG_PATH, { token: w.admin, body: { name: '只改标签', color: '#409EFF', customer_id: w.a } })).json();
    expect(tag.code).toBe(200);
    const res = (await t.api('PUT', `${DEVICE_PATH}/${w.boxes.a}`, { token: w.userA, body: { tag_ids: [tag.data.id] } })).json();
    expect(res).toMatchObject({ code: 200, message: '保存成功' });
    expect(res.data.tags.map((x: { id: number }) => x.id)).toEqual([tag.data.id]);
    const links = await t.db.select().from(deviceTagLink).where(eq(deviceTagLink.device_id, w.boxes.a));
    expect(links.map((l) => l.tag_id)).toEqual([tag.data.id]);

    const empty = await t.api('PUT', `${DEVICE_PATH}/${w.boxes.a}`, { token: w.userA, body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('参数错误 请求体没有要保存的字段');
  });
});

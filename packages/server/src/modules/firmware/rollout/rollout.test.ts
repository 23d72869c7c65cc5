import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACTIONS, GOODS_PATH, type LiveEvent, ROLLOUT_PATH, type Rollout, type RolloutDetail, VERSION_PATH } from '@gw/contracts';
import { device, deviceTag, deviceTagLink, firmwareVersion, role } from '../../../db/schema.js';
import { type FleetWorld, fleetWorld } from '../../../test/fleet.js';
import { type TestApp, createTestApp } from '../../../test/harness.js';

describe('固件推送 (/system/rollout)', () => {
  let t: TestApp;
  let w: FleetWorld;
  let published: number;
  let draft: number;
  /** A box of another device type than the release fits. */
  let other: number;
  let tag: number;
  let emptyTag: number;
  const events: LiveEvent[] = [];

  const create = (body: Record<string, unknown>, token = w.admin) => t.api('POST', ROLLOUT_PATH, { token, body: { version_id: published, batch_size: 2, ...body } });
  const created = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.json().code, res.body).toBe(200);
    return res.json().data as RolloutDetail;
  };
  const act = (id: number, action: string) => t.api('POST', `${ROLLOUT_PATH}/${id}/${action}`, { token: w.admin });
  const detail = async (id: number) => (await t.api('GET', `${ROLLOUT_PATH}/${id}`, { token: w.admin })).json().data as RolloutDetail;
  const boxRows = (d: RolloutDetail) => d.items.map((i) => [i.gateway_id, i.batch, i.state, i.error]);

  beforeAll(async () => {
    t = await createTestApp();
    w = await fleetWorld(t, 'R');
    t.deps.live.subscribe((e) => events.push(e));
    const goods = await t.api('POST', GOODS_PATH, { token: w.admin, body: { name: 'R 网关(有线)', code: 'R-G2', price: '900' } });
    const otherGoods = goods.json().data.id as number;
    [{ id: other }] = await t.db
      .insert(device)
      .values({ gateway_id: 'R-W', customer_id: w.a, goods_id: otherGoods, secret_hash: 'x' })
      .returning({ id: device.id });
    await t.db.insert(device).values({ gateway_id: 'R-X', customer_id: w.a, goods_id: w.goodsId, secret_hash: 'x', state: 'scrapped' });
    await t.db.update(device).set({ firmware_version: '2.0.0' }).where(eq(device.id, w.boxes.a1));
    await t.db.update(device).set({ firmware_version: '1.0.0' }).where(eq(device.id, w.boxes.a));
    const release = { goods_ids: [w.goodsId], file_name: 'fw.bin', size: 4, sha256: 'a'.repeat(64) };
    [{ id: published }] = await t.db.insert(firmwareVersion).values({ ...release, version: '2.0.0', status: 'published' }).returning({ id: firmwareVersion.id });
    [{ id: draft }] = await t.db.insert(firmwareVersion).values({ ...release, version: '2.1.0' }).returning({ id: firmwareVersion.id });
    [{ id: tag }, { id: emptyTag }] = await t.db
      .insert(deviceTag)
      .values([
        { name: '一车间', customer_id: w.a },
        { name: '空标签', customer_id: w.a },
      ])
      .returning({ id: deviceTag.id });
    await t.db.insert(deviceTagLink).values([
      { device_id: w.boxes.a, tag_id: tag },
      { device_id: w.boxes.b, tag_id: tag },
    ]);
  });
  afterAll(() => t.close());

  it('a customer user without 版本管理 may neither list nor start rollouts: 401 您没有权限访问', async () => {
    for (const res of [await t.api('GET', ROLLOUT_PATH, { token: w.userA }), await create({ target: { type: 'devices', ids: [w.boxes.a] } }, w.userA)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('您没有权限访问');
    }
  });

  it('refuses a draft release, an empty target and a plan without a batch size', async () => {
    const res = await create({ version_id: draft, target: { type: 'devices', ids: [w.boxes.a] } });
    expect([res.statusCode, res.json().message]).toEqual([400, '只能推送已发布的版本']);
    const empty = await create({ target: { type: 'tag', ids: [emptyTag] } });
    expect([empty.statusCode, empty.json().message]).toEqual([400, '推送对象中没有设备']);
    const noBatch = await create({ target: { type: 'devices', ids: [w.boxes.a] }, batch_size: undefined });
    expect(noBatch.statusCode).toBe(400);
    expect(noBatch.json().message).toContain('请填写每批数量或每批比例');
  });

  it('devices: boxes that fit go in batches by gateway id; wrong type, same version and scrapped boxes do not', async () => {
    const before = events.length;
    const r = await created({ target: { type: 'devices', ids: [w.boxes.a, w.boxes.a1, w.boxes.b, w.boxes.stock, other] }, remark: '首批' });
    expect(r).toMatchObject({ state: 'running', batch: 1, batches: 2, batch_size: 2, total: 5, version: '2.0.0', remark: '首批', created_by_name: '超级管理员' });
    expect(r.target_text).toBe('指定设备: R-A, R-A1, R-B, R-S, R-W');
    expect(r.counts).toMatchObject({ pending: 3, skipped: 2, done: 0 });
    expect(boxRows(r)).toEqual([
      ['R-A1', 0, 'skipped', '已是该版本'],
      ['R-W', 0, 'skipped', '设备类型不适用'],
      ['R-A', 1, 'pending', ''],
      ['R-B', 1, 'pending', ''],
      ['R-S', 2, 'pending', ''],
    ]);
    expect(r.items.find((i) => i.gateway_id === 'R-A')?.from_version).toBe('1.0.0');
    await new Promise((resolve) => setImmediate(resolve));
    expect(events.slice(before)).toContainEqual(expect.objectContaining({ type: 'rollout', rollout_id: r.id, device_id: null, state: 'running' }));

    // the same boxes again: each is still open in the first rollout
    const again = await created({ target: { type: 'devices', ids: [w.boxes.a, w.boxes.b] } });
    expect(again).toMatchObject({ state: 'done', batches: 0, total: 2 });
    expect(again.items.map((i) => i.error)).toEqual(['已在其他推送中', '已在其他推送中']);
    expect(again.finished_at).not.toBeNull();

    // cancelled: its boxes not started are skipped, and free for the next rollout
    expect((await act(r.id, 'cancel')).json().code).toBe(200);
    const cancelled = await detail(r.id);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.items.filter((i) => i.batch > 0).map((i) => [i.state, i.error])).toEqual(Array(3).fill(['skipped', '推送已取消']));
    const free = await created({ target: { type: 'devices', ids: [w.boxes.a] } });
    expect(free.counts.pending).toBe(1);
    await act(free.id, 'cancel');
  });

  it('tag, customer (with its subtree) and device type targets', async () => {
    const byTag = await created({ target: { type: 'tag', ids: [tag] } });
    expect(byTag.items.map((i) => i.gateway_id)).toEqual(['R-A', 'R-B']);
    expect(byTag.target_text).toBe('设备标签: 一车间');
    await act(byTag.id, 'cancel');

    const byCustomer = await created({ target: { type: 'customer', ids: [w.a] } });
    // company A's boxes and its child A1's (on the version already); R-W is A's box of another type; R-X is scrapped
    expect(boxRows(byCustomer)).toEqual([
      ['R-A1', 0, 'skipped', '已是该版本'],
      ['R-W', 0, 'skipped', '设备类型不适用'],
      ['R-A', 1, 'pending', ''],
    ]);
    expect(byCustomer.target_text).toBe('客户 (含下级): R 甲集团');
    await act(byCustomer.id, 'cancel');

    const byGoods = await created({ target: { type: 'goods', ids: [w.goodsId] }, batch_size: undefined, batch_percent: 50 });
    expect(byGoods.items.filter((i) => i.state === 'pending').map((i) => [i.gateway_id, i.batch])).toEqual([
      ['R-A', 1],
      ['R-B', 1],
      ['R-S', 2],
    ]);
    expect(byGoods).toMatchObject({ batch_size: 2, batches: 2 });
    await act(byGoods.id, 'cancel');
  });

  it('pause, resume and cancel only from the states they apply to, each told to the tabs', async () => {
    const r = await created({ target: { type: 'devices', ids: [w.boxes.b] } });
    const before = events.length;
    expect((await act(r.id, 'pause')).json().message).toBe('已暂停');
    expect((await detail(r.id)).state).toBe('paused');
    const twice = await act(r.id, 'pause');
    expect([twice.statusCode, twice.json().message]).toEqual([400, '只有进行中的推送可以暂停 (当前: 已暂停)']);
    expect((await act(r.id, 'retry')).json().message).toBe('没有失败的设备需要重试');
    expect((await act(r.id, 'resume')).json().code).toBe(200);
    expect((await detail(r.id)).state).toBe('running');
    expect((await act(r.id, 'cancel')).json().code).toBe(200);
    const late = await act(r.id, 'resume');
    expect([late.statusCode, late.json().message]).toEqual([400, '只有已暂停或已中止的推送可以继续 (当前: 已取消)']);
    expect(events.slice(before).filter((e) => e.type === 'rollout' && e.rollout_id === r.id).map((e) => (e as { state: string }).state)).toEqual([
      'paused',
      'running',
      'cancelled',
    ]);
  });

  it('a customer user whose role grants 版本管理 still sees no rollout and may start none: firmware is the vendor’s to push', async () => {
    const [{ id: roleId }] = await t.db
      .insert(role)
      .values({ name: 'R 固件', menus: [{ menu: VERSION_PATH, action: ALL_ACTIONS }] })
      .returning({ id: role.id });
    await t.createUser({ username: 'r-fw-a', password: 'secret-123', roles: [roleId], customer_id: w.a });
    const fwA = await t.login('r-fw-a', 'secret-123');
    const mine = (await create({ target: { type: 'devices', ids: [w.boxes.a] } }, fwA)).json();
    expect(mine).toMatchObject({ code: 300, message: '只有平台管理员可以推送固件' });
    const seen = (await t.api('GET', `${ROLLOUT_PATH}?limit=100`, { token: fwA })).json<{ count: number; data: Rollout[] }>();
    expect(seen).toMatchObject({ code: 200, count: 0, data: [] });
    const any = (await t.api('GET', `${ROLLOUT_PATH}?limit=100`, { token: w.admin })).json<{ data: Rollout[] }>().data.find((r) => r.remark === '首批')!;
    expect((await t.api('GET', `${ROLLOUT_PATH}/${any.id}`, { token: fwA })).statusCode).toBe(404);
    expect((await t.api('POST', `${ROLLOUT_PATH}/${any.id}/retry`, { token: fwA })).statusCode).toBe(404);
  });

  it('lists rollouts with their counts, by state and by keywords on the version or the remark', async () => {
    const list = async (query: string) => (await t.api('GET', `${ROLLOUT_PATH}?limit=100&${query}`, { token: w.admin })).json<{ count: number; data: Rollout[] }>();
    const all = await list('');
    expect(all.count).toBeGreaterThanOrEqual(7);
    const first = all.data.find((r) => r.remark === '首批')!;
    expect(first).toMatchObject({ state: 'cancelled', total: 5, counts: { skipped: 5 } });
    expect((all.data[0] as unknown as { items?: unknown }).items).toBeUndefined();
    expect((await list('keywords=首批')).data.map((r) => r.id)).toEqual([first.id]);
    expect((await list('keywords=2.0.0')).count).toBe(all.count);
    expect((await list('keywords=9.9')).count).toBe(0);
    expect((await list('state=done')).data.every((r) => r.state === 'done')).toBe(true);
  });
});

import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOODS_PATH, LOG_ACTION, VERSION_FILE_PATH, VERSION_PATH, type Version } from '@gw/contracts';
import { operationLog, rollout } from '../../db/schema.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';

describe('版本管理 (/system/version): releases', () => {
  let t: TestApp;
  let w: FleetWorld;
  let g2: number;

  /** Uploads a fresh random file through the route and answers its file_id and name. */
  const uploadFile = async (name = 'fw.bin') => {
    const boundary = 'fwBoundary123';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      randomBytes(2048),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.api('POST', VERSION_FILE_PATH, { token: w.admin, body: payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    const { file_id, file_name } = res.json().data as { file_id: string; file_name: string };
    return { file_id, file_name };
  };
  const create = async (body: Record<string, unknown>) => t.api('POST', VERSION_PATH, { token: w.admin, body: { ...(await uploadFile()), ...body } });
  const update = (id: number, body: Record<string, unknown>) => t.api('PUT', `${VERSION_PATH}/${id}`, { token: w.admin, body });
  const get = async (id: number) => (await t.api('GET', `${VERSION_PATH}/${id}`, { token: w.admin })).json().data as Version;
  const list = async (query = '') => (await t.api('GET', `${VERSION_PATH}${query}`, { token: w.admin })).json<{ count: number; data: Version[] }>();
  /** The operation log of one release. */
  const logOf = (id: number) =>
    t.db.select().from(operationLog).where(and(eq(operationLog.table_name, 'firmware_version'), eq(operationLog.record_id, String(id)))).orderBy(operationLog.id);
  const refusal = (res: { statusCode: number; json(): { message: string } }) => ({ status: res.statusCode, message: res.json().message });

  beforeAll(async () => {
    t = await createTestApp();
    w = await fleetWorld(t, 'V');
    g2 = (await t.api('POST', GOODS_PATH, { token: w.admin, body: { name: 'V 网关(WiFi)', code: 'V-W', price: '99' } })).json().data.id;
  });
  afterAll(() => t.close());

  it('creates a draft with its file’s size and hash and the names of its device types, by the caller', async () => {
    const file = await uploadFile('gw-2.0.0.bin');
    const res = await t.api('POST', VERSION_PATH, { token: w.admin, body: { version: '2.0.0', goods_ids: [g2, w.goodsId], ...file, changelog: '<p>新功能</p>' } });
    expect(res.json()).toMatchObject({
      code: 200,
      data: { version: '2.0.0', goods_ids: [g2, w.goodsId], goods_names: ['V 网关(WiFi)', 'V 网关(4G)'], file_name: 'gw-2.0.0.bin', size: 2048, sha256: file.file_id, status: 'draft', published_at: null, changelog: '<p>新功能</p>' },
    });
    expect(await logOf(res.json().data.id)).toEqual([expect.objectContaining({ action: LOG_ACTION.add, username: 'admin' })]);
  });

  it('refuses a file not uploaded, a device type that does not exist and a bad version', async () => {
    const missing = await t.api('POST', VERSION_PATH, { token: w.admin, body: { version: '2.1.0', goods_ids: [w.goodsId], file_id: 'a'.repeat(64), file_name: 'x.bin' } });
    expect(refusal(missing)).toEqual({ status: 400, message: '请上传固件文件' });
    expect(refusal(await create({ version: '2.1.0', goods_ids: [999_999] }))).toEqual({ status: 400, message: '设备类型不存在: 999999' });
    const bad = await create({ version: 'v2', goods_ids: [w.goodsId] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('语义化版本');
  });

  it('keeps a version unique per device type among releases not deleted', async () => {
    const first = (await create({ version: '3.0.0', goods_ids: [w.goodsId] })).json().data.id as number;
    expect(refusal(await create({ version: '3.0.0', goods_ids: [g2, w.goodsId] }))).toEqual({ status: 400, message: '版本 3.0.0 已存在于设备类型 V 网关(4G)' });
    // another device type may have its own 3.0.0
    const other = (await create({ version: '3.0.0', goods_ids: [g2] })).json().data.id as number;
    expect(refusal(await update(other, { goods_ids: [g2, w.goodsId] }))).toEqual({ status: 400, message: '版本 3.0.0 已存在于设备类型 V 网关(4G)' });
    // once deleted, the number is free again
    expect((await t.api('DELETE', `${VERSION_PATH}/${first}`, { token: w.admin })).json().code).toBe(200);
    expect((await create({ version: '3.0.0', goods_ids: [w.goodsId] })).json().code).toBe(200);
  });

  it('lets a draft change anything, a published release only its changelog, a deleted one nothing', async () => {
    const id = (await create({ version: '4.0.0', goods_ids: [w.goodsId], changelog: '初版' })).json().data.id as number;
    const file = await uploadFile('gw-4.0.1.bin');
    expect((await update(id, { version: '4.0.1', ...file })).json()).toMatchObject({ code: 200, data: { version: '4.0.1', file_name: 'gw-4.0.1.bin', sha256: file.file_id, changelog: '初版' } });

    const published = await t.api('POST', `${VERSION_PATH}/${id}/publish`, { token: w.admin });
    expect(published.json()).toMatchObject({ code: 200, message: '发布成功' });
    expect(await get(id)).toMatchObject({ status: 'published', published_at: expect.any(String) });
    expect(refusal(await t.api('POST', `${VERSION_PATH}/${id}/publish`, { token: w.admin }))).toEqual({ status: 400, message: '只有草稿可以发布' });

    expect(refusal(await update(id, { version: '4.0.2' }))).toEqual({ status: 400, message: '已发布的版本只能修改更新说明' });
    expect(refusal(await update(id, { goods_ids: [g2] }))).toEqual({ status: 400, message: '已发布的版本只能修改更新说明' });
    expect(refusal(await update(id, { ...(await uploadFile()) }))).toEqual({ status: 400, message: '已发布的版本只能修改更新说明' });
    // the whole form sent back unchanged, with a new changelog, is fine
    expect((await update(id, { version: '4.0.1', goods_ids: [w.goodsId], changelog: '修复重连' })).json()).toMatchObject({ code: 200, data: { changelog: '修复重连' } });

    expect((await t.api('DELETE', `${VERSION_PATH}/${id}`, { token: w.admin })).json().code).toBe(200);
    expect(refusal(await update(id, { changelog: '再改' }))).toEqual({ status: 400, message: '已删除的版本不能修改' });
    expect(refusal(await t.api('POST', `${VERSION_PATH}/${id}/publish`, { token: w.admin }))).toEqual({ status: 400, message: '只有草稿可以发布' });
  });

  it('deletes by marking: the release stays listed as deleted; one with an unfinished rollout stays as it is', async () => {
    const a = (await create({ version: '5.0.0', goods_ids: [w.goodsId] })).json().data.id as number;
    const b = (await create({ version: '5.0.1', goods_ids: [w.goodsId] })).json().data.id as number;
    await t.api('POST', `${VERSION_PATH}/${b}/publish`, { token: w.admin });
    const [run] = await t.db
      .insert(rollout)
      .values({ version_id: b, target: { type: 'devices', ids: [w.boxes.a] }, batch_size: 1, concurrency: 1, stop_failure_percent: 20, offline_deadline_minutes: 30, batches: 1 })
      .returning({ id: rollout.id });

    expect(refusal(await t.api('DELETE', VERSION_PATH, { token: w.admin, body: { ids: [a, b] } }))).toEqual({ status: 400, message: '该版本有未结束的推送, 请先取消推送' });
    expect((await get(a)).status).toBe('draft');
    await t.db.update(rollout).set({ state: 'cancelled' }).where(eq(rollout.id, run.id));
    expect((await t.api('DELETE', VERSION_PATH, { token: w.admin, body: { ids: [a, b] } })).json()).toMatchObject({ code: 200, data: { deleted: 2 } });

    const deleted = await list('?status=deleted&keywords=5.0.');
    expect(deleted.data.map((v) => [v.version, v.status])).toEqual([
      ['5.0.1', 'deleted'],
      ['5.0.0', 'deleted'],
    ]);
    expect((await get(b)).published_at).not.toBeNull();
    expect((await logOf(b)).at(-1)).toMatchObject({ action: LOG_ACTION.modify, username: 'admin', changes: [{ key: 'status', before: 'published', after: 'deleted' }] });
  });

  it('filters by status, device type, keywords on version and file name, and creation date', async () => {
    const all = await list('?limit=100');
    expect(all.count).toBeGreaterThan(5);
    expect((await list(`?goods_id=${g2}`)).data.every((v) => v.goods_ids.includes(g2))).toBe(true);
    expect((await list(`?goods_id=${g2}`)).count).toBeGreaterThanOrEqual(2);
    expect((await list('?keywords=gw-2.0.0')).data.map((v) => v.version)).toEqual(['2.0.0']);
    expect((await list('?status=draft')).data.every((v) => v.status === 'draft')).toBe(true);
    expect((await list('?start_date=2000-01-01&end_date=2000-12-31')).count).toBe(0);
    expect((await list('?sort=version&keywords=5.0.')).data.map((v) => v.version)).toEqual(['5.0.0', '5.0.1']);
  });

  it('sorts 版本号 as versions: 1.9.0 before 1.10.0, a pre-release before its release', async () => {
    for (const version of ['7.10.0', '7.9.2', '7.10.0-rc.1', '7.2.11', '10.0.0']) expect((await create({ version, goods_ids: [g2] })).statusCode).toBe(200);
    const order = ['7.2.11', '7.9.2', '7.10.0-rc.1', '7.10.0', '10.0.0'];
    const sorted = async (sort: string) => (await list(`?sort=${sort}&goods_id=${g2}&limit=100`)).data.map((v) => v.version).filter((v) => order.includes(v));
    expect(await sorted('version')).toEqual(order);
    expect(await sorted('-version')).toEqual([...order].reverse());
    // the sort key is not a field of a release, nor a change in its log
    const [row] = (await list('?keywords=7.9.2')).data;
    expect(row).not.toHaveProperty('version_key');
    expect(JSON.stringify(await logOf(row.id))).not.toContain('version_key');
  });

  it('answers a customer’s user 401 on every 版本管理 route', async () => {
    const id = (await list()).data[0].id;
    for (const [method, url] of [
      ['GET', VERSION_PATH],
      ['GET', `${VERSION_PATH}/${id}`],
      ['POST', VERSION_PATH],
      ['PUT', `${VERSION_PATH}/${id}`],
      ['DELETE', `${VERSION_PATH}/${id}`],
      ['POST', `${VERSION_PATH}/${id}/publish`],
      ['POST', VERSION_FILE_PATH],
    ] as const) {
      const res = await t.api(method, url, { token: w.userA, body: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe('您没有权限访问');
    }
  });
});

import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, ALL_ACTIONS, EXPORT_PATH, type ExportJob, ROLE_CUSTOMER } from '@gw/contracts';
import { exportJob, role } from '../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../test/harness.js';
import { sheetRows } from '../test/xlsx.js';
import { exportRunnerOf, startJobs } from './export-runner.js';
import { setJobQueue } from './registry.js';

const MENU = '/manager/custom';
const TITLES = ['公司名称', '简称', '统一社会信用代码', '联系人', '联系电话', '地址', '备注', '创建时间'];
/** More than two batches of 1,000, so the keyset paging crosses batch boundaries. */
const BULK = 2_345;

describe('export of a list as a background xlsx job', () => {
  let t: TestApp;
  let admin: string;
  let cu: string;
  const ids = { A: 0, A1: 0, A1a: 0, B: 0 };

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) => t.api(method, url, { token, body });
  const startExport = async (token: string, filters: Record<string, unknown> = {}) => {
    const res = await api('POST', `${MENU}/export`, token, { filters });
    expect(res.json()).toMatchObject({ code: 200, data: { state: 'queued', title: '客户' } });
    return res.json().data as ExportJob;
  };
  /** Polls the job as the export page does until it is done or failed. */
  const finished = async (token: string, id: number): Promise<ExportJob> => {
    for (;;) {
      const job = (await api('GET', `${EXPORT_PATH}/${id}`, token)).json().data as ExportJob;
      if (job.state === 'done' || job.state === 'failed') return job;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const download = (token: string, id: number) => api('GET', `${EXPORT_PATH}/${id}/download`, token);
  const create = async (company_name: string, parent_id?: number) =>
    (await api('POST', MENU, admin, { company_name, parent_id, contact: '联系人', phone: '021-1234567', address: '上海市|121.4|31.2' })).json().data.id as number;

  beforeAll(async () => {
    t = await createTestApp({ services: ['jobs'] });
    admin = await t.login('admin', ADMIN_PASSWORD);
    ids.A = await create('A 集团');
    ids.A1 = await create('A1 工厂', ids.A);
    ids.A1a = await create('A1a 车间', ids.A1);
    ids.B = await create('B 公司');
    await t.db.execute(sql`insert into customer (company_name, contact) select '批量公司 ' || g, '王' || g from generate_series(1, ${BULK}) g`);
    const all = [{ menu: MENU, action: ALL_ACTIONS }, { menu: EXPORT_PATH, action: ALL_ACTIONS }];
    await t.db.update(role).set({ menus: all }).where(eq(role.id, ROLE_CUSTOMER));
    await t.createUser({ username: 'a1-user', roles: [ROLE_CUSTOMER], customer_id: ids.A1 });
    cu = await t.login('a1-user', 'secret-123');
  });
  afterAll(() => t.close());

  it('runs queued → done with progress 100, the list count of the same filters, and an xlsx that opens', async () => {
    const filters = { keywords: '批量公司' };
    const listed = (await api('GET', `${MENU}?keywords=${encodeURIComponent(filters.keywords)}`, admin)).json();
    expect(listed.count).toBe(BULK);
    const queued = await startExport(admin, filters);
    expect(queued).toMatchObject({ progress: 0, row_count: 0, username: 'admin', filters, download_url: null });

    const job = await finished(admin, queued.id);
    expect(job).toMatchObject({ state: 'done', progress: 100, row_count: BULK, total: BULK, error: '' });
    expect(job.file_name).toMatch(/^客户_\d{8}_\d{6}\.xlsx$/);
    expect(job.download_url).toBe(`/custom/api/v1${EXPORT_PATH}/${job.id}/download`);
    expect(new Date(job.expires_at!).getTime() - new Date(job.finished_at!).getTime()).toBe(72 * 3_600_000);

    const res = await download(admin, job.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(job.file_name)}`);
    expect(res.rawPayload.length).toBe(job.file_size);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(TITLES);
    expect(rows).toHaveLength(BULK + 1);
    // newest first, as the list shows them; every row once
    expect(rows[1][0]).toBe(`批量公司 ${BULK}`);
    expect(rows[BULK][0]).toBe('批量公司 1');
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(BULK);
    expect(rows[1][7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('exports every row once when the ids have gaps of any size', async () => {
    // dense, then sparse stretches: the id windows of the keyset paging grow and shrink across them
    await t.db.execute(sql`insert into customer (id, company_name)
      select 10000000 + g * (case when g < 1500 then 1 else 7919 end), '稀疏 ' || g from generate_series(0, 2999) g`);
    const job = await finished(admin, (await startExport(admin, { keywords: '稀疏' })).id);
    expect(job).toMatchObject({ state: 'done', row_count: 3000 });
    const names = (await sheetRows((await download(admin, job.id)).rawPayload)).slice(1).map((r) => r[0]);
    expect(names).toEqual(Array.from({ length: 3000 }, (_, i) => `稀疏 ${2999 - i}`));
  });

  it("exports in the list's order when the user sorted it", async () => {
    const filters = { keywords: '批量公司', sort: 'company_name' };
    const listed: string[] = [];
    for (let page = 1; listed.length < BULK; page++) {
      const res = await api('GET', `${MENU}?keywords=${encodeURIComponent(filters.keywords)}&sort=company_name&limit=1000&page=${page}`, admin);
      listed.push(...res.json().data.map((c: { company_name: string }) => c.company_name));
    }
    const job = await finished(admin, (await startExport(admin, filters)).id);
    expect(job).toMatchObject({ state: 'done', row_count: BULK, filters });
    const names = (await sheetRows((await download(admin, job.id)).rawPayload)).slice(1).map((r) => r[0]);
    expect(names).toEqual(listed);

    // rows inserted by one statement share created_at: the id breaks the tie, as in the list
    const byTime = await finished(admin, (await startExport(admin, { keywords: '批量公司', sort: '-created_at' })).id);
    const timed = (await sheetRows((await download(admin, byTime.id)).rawPayload)).slice(1).map((r) => r[0]);
    expect(timed).toHaveLength(BULK);
    expect([timed[0], timed[BULK - 1]]).toEqual([`批量公司 ${BULK}`, '批量公司 1']);

    const bad = await api('POST', `${MENU}/export`, admin, { filters: { sort: 'password' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('sort');
  });

  it("exports only a scoped customer user's subtree, whatever it filters", async () => {
    const job = await finished(cu, (await startExport(cu)).id);
    const listed = (await api('GET', MENU, cu)).json();
    expect(job).toMatchObject({ state: 'done', row_count: listed.count, total: 2 });
    const rows = await sheetRows((await download(cu, job.id)).rawPayload);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([
      ['A1a 车间', '', '', '联系人', '021-1234567'].map((v) => v || undefined),
      ['A1 工厂', '', '', '联系人', '021-1234567'].map((v) => v || undefined),
    ]);
    expect(rows[1][5]).toBe('上海市');

    const none = await finished(cu, (await startExport(cu, { keywords: 'B 公司' })).id);
    expect(none).toMatchObject({ state: 'done', row_count: 0 });
    expect(await sheetRows((await download(cu, none.id)).rawPayload)).toEqual([TITLES]);
  });

  it('refuses an export without the export bit (401) and bad filters (400)', async () => {
    const [queryOnly] = await t.db.insert(role).values({ name: '只读', menus: [{ menu: MENU, action: ACTION.query }] }).returning();
    await t.createUser({ username: 'reader', roles: [queryOnly.id] });
    const reader = await t.login('reader', 'secret-123');
    expect((await api('GET', MENU, reader)).statusCode).toBe(200);
    const res = await api('POST', `${MENU}/export`, reader, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('您没有权限访问');

    const bad = await api('POST', `${MENU}/export`, admin, { filters: { start_date: '2024-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('start_date');

    // a customer user without a company sees no customers, so there is nothing it could export
    await t.createUser({ username: 'no-company', roles: [ROLE_CUSTOMER] });
    const homeless = await api('POST', `${MENU}/export`, await t.login('no-company', 'secret-123'), {});
    expect(homeless.json()).toMatchObject({ code: 300, message: '当前账号未关联公司,没有可导出的数据' });
  });

  it("keeps each user's jobs and files to itself; full access sees all", async () => {
    const mine = await finished(cu, (await startExport(cu)).id);
    await t.createUser({ username: 'a1-other', roles: [ROLE_CUSTOMER], customer_id: ids.A1 });
    const other = await t.login('a1-other', 'secret-123');

    const stolen = await download(other, mine.id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual((await download(other, 999_999)).json());
    expect((await api('GET', `${EXPORT_PATH}/${mine.id}`, other)).statusCode).toBe(404);
    expect((await api('DELETE', `${EXPORT_PATH}/${mine.id}`, other)).statusCode).toBe(404);
    expect((await api('GET', EXPORT_PATH, other)).json()).toMatchObject({ code: 200, count: 0, data: [] });

    const own = (await api('GET', EXPORT_PATH, cu)).json();
    expect(own.data.every((j: ExportJob) => j.username === 'a1-user')).toBe(true);
    const everybody = (await api('GET', `${EXPORT_PATH}?state=done&limit=100`, admin)).json();
    expect(new Set(everybody.data.map((j: ExportJob) => j.username))).toEqual(new Set(['admin', 'a1-user']));
    expect(everybody.data.filter((j: ExportJob) => j.username === 'a1-user')).toHaveLength(own.count);
    expect((await api('GET', `${EXPORT_PATH}?state=failed`, admin)).json().count).toBe(0);
    expect((await download(admin, mine.id)).statusCode).toBe(200);
  });

  it('deletes a job with its file', async () => {
    const job = await finished(admin, (await startExport(admin, { keywords: 'A1' })).id);
    const [row] = await t.db.select().from(exportJob).where(eq(exportJob.id, job.id));
    expect(existsSync(row.file_path)).toBe(true);
    expect((await api('DELETE', `${EXPORT_PATH}/${job.id}`, admin)).json()).toMatchObject({ code: 200 });
    expect(existsSync(row.file_path)).toBe(false);
    expect((await api('GET', `${EXPORT_PATH}/${job.id}`, admin)).statusCode).toBe(404);
  });

  it('stops serving files past EXPORT_TTL_HOURS and sweeps them away with their jobs', async () => {
    const job = await finished(admin, (await startExport(admin, { keywords: 'B' })).id);
    const files = (await t.db.select().from(exportJob)).map((j) => j.file_path).filter(Boolean);
    expect(files.every((f) => existsSync(f))).toBe(true);
    t.clock.advance(72 * 3_600_000 + 1_000);
    expect((await download(admin, job.id)).statusCode).toBe(404);
    expect((await api('GET', `${EXPORT_PATH}/${job.id}`, admin)).json().data.download_url).toBeNull();

    expect(await exportRunnerOf(t.deps)!.sweep()).toBe(files.length);
    expect(files.some((f) => existsSync(f))).toBe(false);
    expect((await api('GET', EXPORT_PATH, admin)).json().count).toBe(0);
  });

  it("fails at the next start the job a crash cut short, runs what was still queued, and leaves other nodes' jobs alone", async () => {
    const user = { user_id: 1, username: 'admin', resource: MENU, title: '客户', filters: { keywords: 'A1' } };
    const partial = path.join(t.config.dataDir, 'exports', '9999-partial.xlsx');
    writeFileSync(partial, 'half a zip');
    const runner = exportRunnerOf(t.deps)!;
    const now = t.clock.now();
    const [cut, elsewhere, waiting] = await t.db
      .insert(exportJob)
      .values([
        { ...user, state: 'running', progress: 40, file_path: partial, runner: runner.node, heartbeat_at: now },
        { ...user, state: 'running', progress: 10, runner: 'other-host:9527', heartbeat_at: now },
        { ...user, state: 'queued' },
      ])
      .returning();
    const restarted = await startJobs(t.deps);
    const stateOf = async (id: number) => (await t.db.select().from(exportJob).where(eq(exportJob.id, id)))[0];
    try {
      expect(await stateOf(cut.id)).toMatchObject({ state: 'failed', error: '服务重启,导出中断' });
      expect(existsSync(partial)).toBe(false);
      expect(await finished(admin, waiting.id)).toMatchObject({ state: 'done', row_count: 2 });
      expect(await stateOf(elsewhere.id)).toMatchObject({ state: 'running', progress: 10 });

      // the other node falls silent: after a minute its job is failed too
      t.clock.advance(30_000);
      expect(await restarted.failDead(false)).toBe(0);
      t.clock.advance(31_000);
      expect(await restarted.failDead(false)).toBe(1);
      expect(await stateOf(elsewhere.id)).toMatchObject({ state: 'failed', error: '服务重启,导出中断' });
    } finally {
      await restarted.stop();
      setJobQueue(t.deps, runner);
    }
    const listed = (await api('GET', `${EXPORT_PATH}?state=failed`, admin)).json();
    expect(listed).toMatchObject({ count: 2, data: [{ state: 'failed', download_url: null }, { state: 'failed' }] });
  });

  it('fails a running export when the server stops, and leaves no file behind', async () => {
    await exportRunnerOf(t.deps)!.stop();
    const small = await startJobs(t.deps, { batchSize: 10 });
    const queued = await startExport(admin);
    let job = queued;
    while (job.row_count === 0) job = (await api('GET', `${EXPORT_PATH}/${queued.id}`, admin)).json().data as ExportJob;
    expect(job.state).toBe('running');
    await small.stop();
    const [row] = await t.db.select().from(exportJob).where(eq(exportJob.id, queued.id));
    expect(row).toMatchObject({ state: 'failed', error: '服务停止,导出中断' });
    expect(row.row_count).toBeLessThan(row.total);
    expect(existsSync(row.file_path)).toBe(false);
  });
});

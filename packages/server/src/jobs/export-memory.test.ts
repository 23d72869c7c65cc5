// isolated: it measures the memory of its own process, which the files run before it in a shared worker would blur
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PATH, type ExportJob } from '@gw/contracts';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../test/harness.js';

const ROWS = 100_000;
const MB = 1024 * 1024;

describe('export of 100,000 rows', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ services: ['jobs'] });
    admin = await t.login('admin', ADMIN_PASSWORD);
    // one statement, without the per-row audit trigger: the rows are the fixture, not what is tested
    await t.db.execute(sql`alter table customer disable trigger audit`);
    await t.db.execute(sql`
      insert into customer (company_name, name, uscc, contact, phone, address, remark)
      select '压测公司 ' || g, '简称' || g, '91310000MA1FL' || lpad(g::text, 5, '0'), '联系人' || (g % 97), '138' || lpad(g::text, 8, '0'),
             '上海市浦东新区张江路 ' || g || ' 号|121.6|31.2', '备注 ' || md5(g::text)
      from generate_series(1, ${ROWS}) g`);
    await t.db.execute(sql`alter table customer enable trigger audit`);
  }, 180_000);
  afterAll(() => t.close());

  it('completes with progress along the way and flat memory', async () => {
    const filters = { keywords: '压测公司' };
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);

    const began = performance.now();
    const queued = (await t.api('POST', '/manager/custom/export', { token: admin, body: { filters } })).json().data as ExportJob;
    const seen: [string, number][] = [];
    let job = queued;
    while (job.state === 'queued' || job.state === 'running') {
      await new Promise((r) => setTimeout(r, 100));
      job = (await t.api('GET', `${EXPORT_PATH}/${queued.id}`, { token: admin })).json().data as ExportJob;
      seen.push([job.state, job.progress]);
    }
    const seconds = (performance.now() - began) / 1000;
    clearInterval(sampler);

    const rssGrowth = (peakRss - before.rss) / MB;
    const heapGrowth = (peakHeap - before.heapUsed) / MB;
    console.log(
      `export of ${ROWS} rows: ${seconds.toFixed(1)} s, peak RSS growth ${rssGrowth.toFixed(0)} MB, peak heap growth ${heapGrowth.toFixed(0)} MB, file ${(job.file_size / MB).toFixed(1)} MB`,
    );
    expect(job).toMatchObject({ state: 'done', progress: 100, row_count: ROWS, total: ROWS });
    const progress = seen.filter(([state]) => state === 'running').map(([, p]) => p);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(rssGrowth).toBeLessThan(200);

    // the file holds every row: counted with the streaming reader, as a check should not load it whole
    const file = await t.api('GET', `${EXPORT_PATH}/${job.id}/download`, { token: admin });
    let lines = 0;
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file.rawPayload]), {})) {
      for await (const _row of sheet) lines++;
    }
    expect(lines).toBe(ROWS + 1);
  }, 180_000);
});

import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PATH, type ExportJob } from '@gw/contracts';
import { customer } from '../db/schema.js';
import { ADMIN_PASSWORD, API, type TestApp, createTestApp } from '../test/harness.js';
import { xlsxOf } from '../test/xlsx.js';
import { decodeUtf8 } from './xlsx-utf8.js';

const MENU = '/manager/custom';
const TEMPLATE = ['公司名称', '简称', '统一社会信用代码', '联系人', '联系电话', '地址', '备注'];
const HAN = '华东智能网关设备有限公司北京上海深圳杭州苏州工业园区科技发展集团电气自动化研究所𠀀𠀁';
/** Shared strings of ~250 KB, far past the reader's chunks (16–64 KB), yet an import that takes seconds. */
const ROWS = 3_000;

/** Distinct names of 3–40 characters, so the multi-byte characters fall on every offset of a chunk. */
const names = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const chars = Array.from(HAN);
    const body = Array.from({ length: 3 + ((i * 7) % 38) }, (_, k) => chars[(i + k * 3) % chars.length]).join('');
    return `${prefix}${body} ${i}`;
  });

describe('xlsx import keeps Chinese text split across zip chunks (exceljs #2063/#2316)', () => {
  let t: TestApp;
  let base: string;
  let admin: string;

  const upload = async (file: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([file]), '客户.xlsx');
    const res = await fetch(`${base}${API}${MENU}/import`, { method: 'POST', body: form, headers: { token: admin } });
    return (await res.json()) as { code: number; message: string; data: { saved: number; failed: number } };
  };
  const stored = async (prefix: string) =>
    (await t.db.select({ name: customer.company_name }).from(customer).where(like(customer.company_name, `${prefix}%`))).map((c) => c.name).sort();

  beforeAll(async () => {
    t = await createTestApp({ services: ['jobs'] });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.login('admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('decodes a character split between chunks whole', async () => {
    const bytes = Buffer.from('导入𠀀客户');
    const chunks = Array.from(bytes, (b) => Buffer.from([b]));
    async function* of() {
      yield* chunks;
    }
    let text = '';
    for await (const part of decodeUtf8(of())) text += part;
    expect(text).toBe('导入𠀀客户');
  });

  it('stores every name of a large import exactly as written (shared strings)', async () => {
    const written = names('导', ROWS);
    const file = await xlsxOf([TEMPLATE, ...written.map((n, i) => [n, `简${i}`, '', '联系人'])]);
    const body = await upload(file);
    expect(body).toMatchObject({ code: 200, data: { saved: ROWS, failed: 0 } });
    const got = await stored('导');
    expect(got.filter((n) => n.includes('\uFFFD'))).toEqual([]);
    expect(got).toEqual([...written].sort());
  }, 30_000);

  it('keeps Chinese names through export → import (inline strings in the sheet)', async () => {
    const written = names('往返', 2_000);
    for (let i = 0; i < written.length; i += 1_000) {
      await t.db.insert(customer).values(written.slice(i, i + 1_000).map((company_name) => ({ company_name, contact: '导出人' })));
    }
    const queued = (await t.api('POST', `${MENU}/export`, { token: admin, body: { filters: { keywords: '往返' } } })).json().data as ExportJob;
    let job = queued;
    while (job.state !== 'done' && job.state !== 'failed') {
      await new Promise((r) => setTimeout(r, 20));
      job = (await t.api('GET', `${EXPORT_PATH}/${queued.id}`, { token: admin })).json().data as ExportJob;
    }
    expect(job.state).toBe('done');
    const exported = (await t.api('GET', `${EXPORT_PATH}/${job.id}/download`, { token: admin })).rawPayload;

    await t.db.delete(customer).where(like(customer.company_name, '往返%'));
    expect(await upload(exported)).toMatchObject({ code: 200, data: { saved: written.length, failed: 0 } });
    expect(await stored('往返')).toEqual([...written].sort());
  }, 30_000);
});

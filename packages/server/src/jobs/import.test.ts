import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, ALL_ACTIONS, EXPORT_PATH, type ExportJob, ROLE_CUSTOMER } from '@gw/contracts';
import { config, customer, operationLog, role } from '../db/schema.js';
import { ADMIN_PASSWORD, API, type TestApp, createTestApp } from '../test/harness.js';
import { sheetRows, xlsxOf } from '../test/xlsx.js';

const MENU = '/manager/custom';
const TEMPLATE = ['公司名称', '简称', '统一社会信用代码', '联系人', '联系电话', '地址', '备注'];

describe('import of a resource from its xlsx template', () => {
  let t: TestApp;
  let base: string;
  let admin: string;

  const upload = async (token: string, file: Buffer | string, name = '客户.xlsx', field = 'file') => {
    const form = new FormData();
    form.append(field, new Blob([file]), name);
    const res = await fetch(`${base}${API}${MENU}/import`, { method: 'POST', body: form, headers: { token } });
    return { status: res.status, body: (await res.json()) as { code: number; message: string; data: Record<string, unknown> | null } };
  };
  const get = (token: string, url: string) => fetch(`${base}${url.startsWith(API) ? '' : API}${url}`, { headers: { token } });
  const companies = async (prefix: string) =>
    (await t.db.select().from(customer).where(like(customer.company_name, `${prefix}%`))).map((c) => c.company_name).sort();

  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_MAX_MB: '1' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.login('admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('offers a template whose header is the columns an import fills', async () => {
    const res = await get(admin, `${MENU}/import/template`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('客户导入模板.xlsx')}`);
    expect(await sheetRows(Buffer.from(await res.arrayBuffer()))).toEqual([TEMPLATE]);
  });

  it('saves the valid rows, audited, and returns the invalid ones with their reasons as a download', async () => {
    const file = await xlsxOf([
      TEMPLATE,
      ['导入 甲', '甲', '', '张三', 13800000000, '上海市', '第一行'],
      ['', '无名', '', '李四'],
      ['导入 乙', '乙', '123', '王五'],
      [],
      ['导入 丙', null, '91310000MA1FL12345', null, '021-5555'],
      ['导入 丁'.padEnd(120, '长'), '丁'],
    ]);
    const { status, body } = await upload(admin, file);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, message: '导入成功 2 条,失败 3 条', data: { total: 5, saved: 2, failed: 3 } });
    expect(body.data!.failed_url).toMatch(new RegExp(`^${API}${EXPORT_PATH}/\\d+/download$`));

    expect(await companies('导入')).toEqual(['导入 丙', '导入 甲']);
    const [jia] = await t.db.select().from(customer).where(eq(customer.company_name, '导入 甲'));
    expect(jia).toMatchObject({ name: '甲', phone: '13800000000', contact: '张三', address: '上海市', remark: '第一行', parent_id: null });
    const logged = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.table_name, 'customer'), eq(operationLog.action, 1), like(sql`${operationLog.changes}::text`, '%导入 %')));
    expect(logged.map((l) => l.username)).toEqual(['admin', 'admin']);

    const failed = await get(admin, body.data!.failed_url as string);
    expect(failed.status).toBe(200);
    const rows = await sheetRows(Buffer.from(await failed.arrayBuffer()));
    expect(rows[0]).toEqual([...TEMPLATE, '失败原因']);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
      [undefined, '无名', undefined, '李四'],
      ['导入 乙', '乙', '123', '王五'],
      ['导入 丁'.padEnd(120, '长'), '丁', undefined, undefined],
    ]);
    const reasons = rows.slice(1).map((r) => r[7] as string);
    expect(reasons[0]).toMatch(/^公司名称: /);
    expect(reasons[1]).toBe('统一社会信用代码: 统一社会信用代码格式不正确');
    expect(reasons[2]).toMatch(/^公司名称: .*100/);

    const jobs = (await (await get(admin, EXPORT_PATH)).json()) as { data: ExportJob[] };
    expect(jobs.data[0]).toMatchObject({ title: '客户导入失败记录', state: 'done', row_count: 3, username: 'admin' });
  });

  it('saves nothing when the database refuses one row, and says which', async () => {
    await t.db.execute(sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.company_name = 'BOOM' then raise exception 'boom' using errcode = 'unique_violation'; end if; return new; end $$`);
    await t.db.execute(sql`create trigger refuse_boom before insert on customer for each row execute function refuse_boom()`);
    try {
      const before = (await t.db.select().from(operationLog)).length;
      const { status, body } = await upload(admin, await xlsxOf([TEMPLATE, ['原子 一'], ['原子 二'], ['BOOM'], ['原子 四']]));
      expect({ status, body }).toMatchObject({ status: 200, body: { code: 300, message: '第 4 行无法保存 (数据已存在,不能重复),本次导入没有保存任何数据' } });
      expect(await companies('原子')).toEqual([]);
      expect((await t.db.select().from(operationLog)).length).toBe(before);
    } finally {
      await t.db.execute(sql`drop trigger refuse_boom on customer`);
      await t.db.execute(sql`drop function refuse_boom()`);
    }
  });

  it('reports a row that clashes with an earlier row of the same file as that row failing, and keeps the rest', async () => {
    const form = new FormData();
    const rows = [['配置键', '配置值', '描述', '公开'], ['import.one', '1', '第一', '是'], ['import.two', '2'], ['import.one', '重复'], ['import.three', '3', '', '否']];
    form.append('file', new Blob([await xlsxOf(rows)]), '配置.xlsx');
    const res = await fetch(`${base}${API}/system/config/import`, { method: 'POST', body: form, headers: { token: admin } });
    const body = (await res.json()) as { data: { saved: number; failed: number; failed_url: string } };
    expect(body.data).toMatchObject({ saved: 3, failed: 1 });
    const stored = await t.db.select().from(config).where(like(config.key, 'import.%'));
    expect(stored.map((c) => [c.key, c.value, c.public]).sort()).toEqual([
      ['import.one', '1', true],
      ['import.three', '3', false],
      ['import.two', '2', false],
    ]);
    const failed = await sheetRows(Buffer.from(await (await get(admin, body.data.failed_url)).arrayBuffer()));
    expect(failed.slice(1)).toEqual([['import.one', '重复', undefined, undefined, '配置键已存在']]);
  });

  it("reports the resource's own write rules per row", async () => {
    const [a] = await t.db.insert(customer).values({ company_name: '规则 集团' }).returning();
    await t.db.update(role).set({ menus: [{ menu: MENU, action: ALL_ACTIONS }] }).where(eq(role.id, ROLE_CUSTOMER));
    await t.createUser({ username: 'cu', roles: [ROLE_CUSTOMER], customer_id: a.id });
    const cu = await t.login('cu', 'secret-123');
    const { body } = await upload(cu, await xlsxOf([TEMPLATE, ['规则 顶层公司']]));
    expect(body.data).toMatchObject({ total: 1, saved: 0, failed: 1 });
    const rows = await sheetRows(Buffer.from(await (await get(cu, body.data!.failed_url as string)).arrayBuffer()));
    expect(rows[1][7]).toBe('只能在本公司下创建或移动下级公司');
    // the failures file is its owner's only
    expect((await get(admin, body.data!.failed_url as string)).status).toBe(200);
    await t.createUser({ username: 'cu2', roles: [ROLE_CUSTOMER], customer_id: a.id });
    expect((await get(await t.login('cu2', 'secret-123'), body.data!.failed_url as string)).status).toBe(404);
  });

  it('refuses what is not an xlsx of the template: 400 with the reason', async () => {
    const notXlsx = await upload(admin, 'company_name,phone\nACME,123\n', 'customers.csv');
    expect(notXlsx).toMatchObject({ status: 400, body: { code: 400, message: '文件不是有效的 xlsx 表格,请使用下载的导入模板填写' } });
    const zipNotXlsx = await upload(admin, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
    expect(zipNotXlsx.status).toBe(400);
    const otherHeader = await upload(admin, await xlsxOf([['name', 'phone'], ['ACME', '123']]));
    expect(otherHeader).toMatchObject({ status: 400, body: { message: '表头与导入模板不一致,请下载导入模板填写' } });
    const wrongField = await upload(admin, await xlsxOf([TEMPLATE, ['字段']]), 'a.xlsx', 'upload');
    expect(wrongField.status).toBe(400);
    const tooLarge = await upload(admin, Buffer.alloc(1024 * 1024 + 10, 1));
    expect(tooLarge).toMatchObject({ status: 400, body: { message: '文件过大,不能超过 1 MB' } });
    const json = await fetch(`${base}${API}${MENU}/import`, { method: 'POST', headers: { token: admin, 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(400);
    expect(await companies('字段')).toEqual([]);
  });

  it('needs the add bit (401)', async () => {
    const [reader] = await t.db.insert(role).values({ name: '只读', menus: [{ menu: MENU, action: ACTION.query | ACTION.export }] }).returning();
    await t.createUser({ username: 'reader', roles: [reader.id] });
    const token = await t.login('reader', 'secret-123');
    expect((await upload(token, await xlsxOf([TEMPLATE, ['无权 公司']]))).status).toBe(401);
    expect((await get(token, `${MENU}/import/template`)).status).toBe(401);
    expect(await companies('无权')).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, ALL_ACTIONS, ROLE_CUSTOMER } from '@gw/contracts';
import { config, customer, role } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

const MENU = '/system/config';
type Res = Awaited<ReturnType<TestApp['api']>>;
type Item = { id: number; key: string; value: string; builtin: boolean; public: boolean };

describe('通用配置 /system/config', () => {
  let t: TestApp;
  let admin: string;
  const builtin: Record<string, Item> = {};

  const refusedWith = (res: Res, message: string) => {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message });
    expect(res.json().code).toBeGreaterThanOrEqual(300);
  };
  const badValue = (res: Res, reason: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^参数错误 value: /);
    expect(res.json().message).toContain(reason);
  };
  const valueOf = async (key: string) => (await t.db.select().from(config).where(eq(config.key, key)))[0]?.value;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    const items = (await t.api('GET', `${MENU}?builtin=true&limit=100`, { token: admin })).json().data as Item[];
    for (const item of items) builtin[item.key] = item;
  });
  afterAll(() => t.close());

  it('lists the built-in items with key, value, description and 公开', async () => {
    expect(Object.keys(builtin).sort()).toEqual([
      'amap_key',
      'debug_pool',
      'downloads',
      'machine_pool',
      'oee_ideal_cycle_s',
      'oee_shifts',
      'short_url_base',
      'site_title',
      'vpn_pool',
      'wechat_aes_key',
      'wechat_appid',
      'wechat_mode',
      'wechat_secret',
      'wechat_template_alarm',
      'wechat_template_license',
      'wechat_token',
    ]);
    expect(builtin.vpn_pool).toMatchObject({ value: '10.8.0.0/16', public: false });
    expect(builtin.machine_pool).toMatchObject({ value: '10.100.0.0/16', public: false });
    expect(builtin.debug_pool).toMatchObject({ value: '10.9.0.0/16', public: false });
    expect(builtin.site_title).toMatchObject({ value: '智能网关管理系统', public: true, builtin: true });
    const pub = (await t.api('GET', `${MENU}?public=false`, { token: admin })).json();
    expect(pub.data.map((c: Item) => c.key).sort()).toEqual(
      Object.keys(builtin)
        .filter((k) => !['amap_key', 'site_title'].includes(k))
        .sort(),
    );
  });

  it('never deletes a built-in item nor renames its key, alone or in a batch', async () => {
    for (const item of Object.values(builtin)) {
      refusedWith(await t.api('DELETE', `${MENU}/${item.id}`, { token: admin }), '内置配置项不能删除');
    }
    const own = (await t.api('POST', MENU, { token: admin, body: { key: 'spare', value: 'x' } })).json().data as Item;
    refusedWith(await t.api('DELETE', MENU, { token: admin, body: { ids: [own.id, builtin.amap_key.id] } }), '内置配置项不能删除');
    expect(await valueOf('spare')).toBe('x');
    refusedWith(await t.api('PUT', `${MENU}/${builtin.site_title.id}`, { token: admin, body: { key: 'title' } }), '内置配置项的键不能修改');
    expect(await valueOf('site_title')).toBe('智能网关管理系统');
    expect((await t.api('DELETE', `${MENU}/${own.id}`, { token: admin })).json().code).toBe(200);
  });

  it('checks typed values and answers 400 naming the field', async () => {
    const put = (key: keyof typeof builtin, body: object) => t.api('PUT', `${MENU}/${builtin[key].id}`, { token: admin, body });
    badValue(await put('site_title', { value: '  ' }), '系统名称不能为空');
    badValue(await put('vpn_pool', { value: '10.8.0.1/16' }), 'IPv4 网段');
    badValue(await put('machine_pool', { value: '10.100.0.0/25' }), '/24');
    badValue(await put('wechat_mode', { value: 'secret' }), '消息加解密方式');
    badValue(await put('wechat_aes_key', { value: 'short' }), '43 位');
    badValue(await put('short_url_base', { value: 'javascript:alert(1)' }), 'http://');
    badValue(await put('wechat_template_alarm', { value: '{"template_id": "t1", "data": {"thing1": "{exp}"}}' }), '没有 {exp}');
    badValue(await put('downloads', { value: 'not json' }), 'JSON 数组');
    badValue(await put('downloads', { key: 'downloads', value: '[{"url": "https://x"}]' }), '第 1 项 名称');
    badValue(await put('downloads', { value: '{"title": "a", "url": "b"}' }), 'JSON 数组');
    badValue(await put('amap_key', { value: 'has spaces in it' }), '高德地图 Key');
    badValue(await put('oee_shifts', { value: '[{"name": "白班", "start": "8:00", "end": "20:00"}]' }), '第 1 项 开始时间格式应为 HH:mm');
    badValue(await put('oee_ideal_cycle_s', { value: '0' }), '大于 0 的秒数');
    badValue(await t.api('POST', MENU, { token: admin, body: { key: 'site_title', value: '' } }), '系统名称不能为空');
    expect(await valueOf('downloads')).toBe('[]');

    const list = [{ title: 'VPN 客户端', url: '/custom/uploads/vpn.zip', description: 'Windows' }];
    expect((await put('downloads', { value: JSON.stringify(list) })).json().code).toBe(200);
    expect((await t.api('GET', '/tools/downloads', { token: admin })).json().data).toEqual(list);
    expect((await put('site_title', { value: '新系统名称' })).json().data.value).toBe('新系统名称');
  });

  it('keeps free text for other keys, refuses a duplicate key, and 公开 decides what /tools/config shows', async () => {
    const created = await t.api('POST', MENU, { token: admin, body: { key: 'hotline', value: '400-000 0000 转 1', description: '客服电话', public: true } });
    expect(created.json()).toMatchObject({ code: 200, data: { key: 'hotline', builtin: false, public: true } });
    refusedWith(await t.api('POST', MENU, { token: admin, body: { key: 'hotline' } }), '配置键已存在');
    expect((await t.api('GET', '/tools/config')).json().data.hotline).toBe('400-000 0000 转 1');
    await t.api('PUT', `${MENU}/${created.json().data.id}`, { token: admin, body: { public: false } });
    expect((await t.api('GET', '/tools/config')).json().data).not.toHaveProperty('hotline');
    const badKey = await t.api('POST', MENU, { token: admin, body: { key: 'Bad Key' } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toContain('key');
    const renamed = await t.api('PUT', `${MENU}/${created.json().data.id}`, { token: admin, body: { key: 'x.y' } });
    expect(renamed.json().data.key).toBe('x.y');
  });

  it('describes every built-in item in plain Chinese: no JSON formats, no {placeholders}, no internal names', async () => {
    const items = (await t.api('GET', `${MENU}?builtin=true&limit=100`, { token: admin })).json().data as (Item & { description: string })[];
    for (const item of items) {
      expect(item.description, item.key).not.toMatch(/[{}[\]"]|JSON|HH:mm|PUBLIC_URL|plain|compat/);
      expect(item.description, item.key).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('upgrades a description still holding the seeded JSON format, and leaves one somebody wrote', async () => {
    const migration = readFileSync(new URL('../../../drizzle/0026_config_descriptions_in_chinese.sql', import.meta.url), 'utf8');
    const old = '首页下载专区 (VPN 配置、客户端安装包等): JSON 数组 [{"title": "名称", "url": "地址", "description": "说明"}]';
    const setDescription = (key: string, description: string) => t.db.update(config).set({ description }).where(eq(config.key, key));
    const descriptionOf = async (key: string) => (await t.db.select().from(config).where(eq(config.key, key)))[0].description;
    const now = { downloads: await descriptionOf('downloads'), wechat_mode: await descriptionOf('wechat_mode') };
    await setDescription('downloads', old);
    await setDescription('wechat_mode', '公众号用安全模式');
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    expect(await descriptionOf('downloads')).toBe(now.downloads);
    expect(await descriptionOf('wechat_mode')).toBe('公众号用安全模式');
    await setDescription('wechat_mode', now.wechat_mode);
  });

  it('lets only the vendor change settings and needs the menu bit of each action', async () => {
    const companyA = (await t.db.insert(customer).values({ company_name: 'A' }).returning())[0].id;
    await t.db.update(role).set({ menus: [{ menu: MENU, action: ALL_ACTIONS }] }).where(eq(role.id, ROLE_CUSTOMER));
    const [reader] = await t.db.insert(role).values({ name: 'reader', menus: [{ menu: MENU, action: ACTION.query }] }).returning();
    await t.createUser({ username: 'a-admin', roles: [ROLE_CUSTOMER], customer_id: companyA });
    await t.createUser({ username: 'reader', roles: [reader.id] });
    const cu = await t.login('a-admin', 'secret-123');
    const token = await t.login('reader', 'secret-123');
    const vendorOnly = '通用配置由平台统一管理,客户管理员不能修改';
    refusedWith(await t.api('PUT', `${MENU}/${builtin.site_title.id}`, { token: cu, body: { value: '客户改名' } }), vendorOnly);
    refusedWith(await t.api('POST', MENU, { token: cu, body: { key: 'mine' } }), vendorOnly);
    expect(await valueOf('site_title')).toBe('新系统名称');
    expect((await t.api('GET', MENU, { token })).json().code).toBe(200);
    expect((await t.api('PUT', `${MENU}/${builtin.site_title.id}`, { token, body: { value: 'x' } })).statusCode).toBe(401);
    expect((await t.api('POST', MENU, { token, body: { key: 'x' } })).statusCode).toBe(401);
    expect((await t.api('DELETE', `${MENU}/${builtin.site_title.id}`, { token })).statusCode).toBe(401);
  });
});

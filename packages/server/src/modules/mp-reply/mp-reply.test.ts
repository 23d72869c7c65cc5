import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACTIONS, MP_REPLY_PATH, MP_REPLY_TEST_PATH, WECHAT_BIND_CODE_PATH, WECHAT_BIND_REPLIES } from '@gw/contracts';
import { customer, mpReply, role } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';
import { parseWechatXml } from '../wechat/xml.js';

describe('自动回复 rules (/system/mp_reply) and the 测试 box', () => {
  let t: TestApp;
  let admin: string;
  let customerAdmin: string;
  const create = (body: Record<string, unknown>, token = admin) => t.api('POST', MP_REPLY_PATH, { token, body });
  const tryMessage = async (body: Record<string, unknown>) => {
    const res = await t.api('POST', MP_REPLY_TEST_PATH, { token: admin, body });
    expect(res.statusCode).toBe(200);
    return res.json().data as { rule_id: number | null; rule_name: string; reason: string; xml: string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    const [company] = await t.db.insert(customer).values({ company_name: '客户甲' }).returning({ id: customer.id });
    const [r] = await t.db.insert(role).values({ name: '客户管理员', menus: [{ menu: MP_REPLY_PATH, action: ALL_ACTIONS }] }).returning({ id: role.id });
    await t.createUser({ username: 'cust-admin', password: 'secret-123', roles: [r.id], customer_id: company.id });
    customerAdmin = await t.login('cust-admin', 'secret-123');
  });
  afterAll(() => t.close());

  it('creates a rule with its defaults, and refuses an unsafe or invalid regex with 400', async () => {
    const res = await create({ name: '价格', keywords: ['价格', '报价'], match: 'contains', content: '请咨询销售', priority: 10 });
    expect(res.json()).toMatchObject({ code: 200, data: { name: '价格', trigger: 'keyword', reply_type: 'text', enabled: true, hits: 0, last_hit_at: null } });
    const unsafe = await create({ name: '危险', keywords: ['(a+)+$'], match: 'regex', content: 'x' });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json().message).toContain('正则表达式可能导致回溯过慢');
    expect((await create({ name: '坏', keywords: ['(abc'], match: 'regex', content: 'x' })).statusCode).toBe(400);
  });

  it('checks an update on the whole rule: a match changed to regex checks the stored keywords', async () => {
    const id = (await create({ name: '暗藏', keywords: ['(a+)+$'], match: 'contains', content: 'x' })).json().data.id as number;
    const res = await t.api('PUT', `${MP_REPLY_PATH}/${id}`, { token: admin, body: { match: 'regex' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('keywords');
    const emptied = await t.api('PUT', `${MP_REPLY_PATH}/${id}`, { token: admin, body: { content: '  ' } });
    expect(emptied.json()).toMatchObject({ code: 400, message: expect.stringContaining('请输入回复内容') });
    expect((await t.api('PUT', `${MP_REPLY_PATH}/${id}`, { token: admin, body: { keywords: ['^GW\\d+$'], match: 'regex' } })).json().code).toBe(200);
  });

  it('lets only the vendor’s staff write rules', async () => {
    const res = await create({ name: '客户的', keywords: ['x'], content: 'x' }, customerAdmin);
    expect(res.json()).toMatchObject({ code: 300, message: '自动回复由平台统一管理, 客户管理员不能修改' });
  });

  it('finds a rule by its name or one of its keywords', async () => {
    const list = async (keywords: string) => (await t.api('GET', `${MP_REPLY_PATH}?keywords=${encodeURIComponent(keywords)}`, { token: admin })).json().data as { name: string }[];
    expect((await list('报价')).map((r) => r.name)).toEqual(['价格']);
    expect((await list('暗藏')).map((r) => r.name)).toEqual(['暗藏']);
  });

  it('tests a message: the rule hit, why, and the reply XML, counting nothing', async () => {
    const hit = await tryMessage({ kind: 'text', content: '你们的报价呢' });
    expect(hit).toMatchObject({ rule_name: '价格', reason: '关键词“报价”(包含)' });
    expect(parseWechatXml(hit.xml)).toMatchObject({ ToUserName: 'o-test-user', MsgType: 'text', Content: '请咨询销售' });
    expect(await tryMessage({ kind: 'text', content: '天气' })).toEqual({ rule_id: null, rule_name: '', reason: '无匹配规则: 答复 success', xml: 'success' });
    const [row] = await t.db.select({ hits: mpReply.hits }).from(mpReply).where(eq(mpReply.id, hit.rule_id!));
    expect(row.hits).toBe(0);

    await create({ name: '兜底', trigger: 'default', content: '您好, 客服稍后回复' });
    await create({ name: '欢迎', trigger: 'subscribe', reply_type: 'image', media_id: 'MEDIA_9' });
    expect(await tryMessage({ kind: 'text', content: '天气' })).toMatchObject({ rule_name: '兜底', reason: '默认回复' });
    const welcome = await tryMessage({ kind: 'scan' });
    expect(welcome).toMatchObject({ rule_name: '欢迎', reason: '关注回复' });
    expect(welcome.xml).toContain('<MediaId><![CDATA[MEDIA_9]]></MediaId>');
  });

  it('tests a bind command without binding', async () => {
    const { code } = (await t.api('POST', WECHAT_BIND_CODE_PATH, { token: admin })).json().data as { code: string };
    const res = await tryMessage({ kind: 'text', content: `绑定 ${code}` });
    expect(res).toMatchObject({ rule_id: null, reason: '绑定指令 (测试不会绑定)' });
    expect(parseWechatXml(res.xml)?.Content).toMatch(/^绑定成功/);
    expect(parseWechatXml((await tryMessage({ kind: 'text', content: '绑定 999999' })).xml)?.Content).toBe(WECHAT_BIND_REPLIES.invalid);
    expect((await t.api('GET', '/user/info', { token: admin })).json().data.wx_openid).toBe('');
  });
});

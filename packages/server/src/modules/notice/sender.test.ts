import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONFIG_KEY, WECHAT_NOTICE_PATH, type WechatNotice } from '@gw/contracts';
import { adminUser, config, wechatNotice } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';
import { runNoticePass } from './runner.js';
import { sendPending } from './sender.js';
import { WechatApi } from './wechat-api.js';

interface Heard {
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
}

/**
 * A stand-in for api.weixin.qq.com on a free local port: it hands out tokens `token-1`, `token-2`, … and answers
 * each customer-service send with the next queued answer (errcode 0 when none is queued).
 */
async function fakeWechat() {
  const heard: Heard[] = [];
  const sendAnswers: Record<string, unknown>[] = [];
  let tokens = 0;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => resolve(text));
    });
  const server: Server = createServer((req, res) => {
    void read(req).then((text) => {
      const url = new URL(req.url ?? '/', 'http://wechat');
      heard.push({ path: url.pathname, query: url.searchParams, body: text ? (JSON.parse(text) as Record<string, unknown>) : null });
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/cgi-bin/token') res.end(JSON.stringify({ access_token: `token-${++tokens}`, expires_in: 7200 }));
      else if (url.pathname === '/cgi-bin/message/custom/send' || url.pathname === '/cgi-bin/message/template/send') res.end(JSON.stringify(sendAnswers.shift() ?? { errcode: 0, errmsg: 'ok' }));
      else res.end(JSON.stringify({ errcode: 404, errmsg: 'not here' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, heard, sendAnswers, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on (taken, then let go). */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('微信通知: sending the outbox', () => {
  let t: TestApp;
  let wechat: Awaited<ReturnType<typeof fakeWechat>>;
  let admin: string;
  let userId: number;
  let seq = 0;

  const setCredentials = async (appid: string, secret: string) => {
    await t.db.update(config).set({ value: appid }).where(eq(config.key, CONFIG_KEY.wechatAppId));
    await t.db.update(config).set({ value: secret }).where(eq(config.key, CONFIG_KEY.wechatSecret));
  };
  const enqueue = async (content: string) => {
    const [row] = await t.db
      .insert(wechatNotice)
      .values({ kind: 'alarm', user_id: userId, openid: 'openid-zhang', title: '设备告警: T-1 车床', content, dedupe: `test:${++seq}` })
      .returning({ id: wechatNotice.id });
    return row.id;
  };
  const notice = async (id: number) => {
    const res = await t.api('GET', `${WECHAT_NOTICE_PATH}?limit=100`, { token: admin });
    return (res.json().data as WechatNotice[]).find((n) => n.id === id);
  };
  const sends = () => wechat.heard.filter((h) => h.path === '/cgi-bin/message/custom/send');
  const tokenCalls = () => wechat.heard.filter((h) => h.path === '/cgi-bin/token');

  beforeAll(async () => {
    wechat = await fakeWechat();
    t = await createTestApp({ env: { WECHAT_API_URL: wechat.url } });
    admin = await t.login('admin', ADMIN_PASSWORD);
    userId = await t.createUser({ username: 'zhang' });
    await t.db.update(adminUser).set({ wx_openid: 'openid-zhang' }).where(eq(adminUser.id, userId));
  });
  afterAll(async () => {
    await t.close();
    await wechat.close();
  });
  beforeEach(() => {
    t.config.wechatApiUrl = wechat.url;
  });

  it('without AppID/AppSecret a notice is 未发送 with that reason, and WeChat is not called', async () => {
    const id = await enqueue('报警号: 1001');
    await runNoticePass(t.deps);
    expect(await notice(id)).toMatchObject({ state: 'unsent', reason: '未配置公众号 AppID/AppSecret', attempts: 1, sent_at: null });
    expect(wechat.heard).toEqual([]);
  });

  it('configured and WeChat answers errcode 0: 已发送, WeChat got the openid and the text', async () => {
    await setCredentials('wx-app-1', 'secret-1');
    const id = await enqueue('报警号: 2002\n报警信息: 急停');
    await runNoticePass(t.deps);
    const sent = await notice(id);
    expect(sent).toMatchObject({ state: 'sent', reason: '', attempts: 1, username: 'zhang' });
    expect(sent?.sent_at).toBeTruthy();
    expect(tokenCalls()[0].query.get('appid')).toBe('wx-app-1');
    expect(tokenCalls()[0].query.get('secret')).toBe('secret-1');
    expect(tokenCalls()[0].query.get('grant_type')).toBe('client_credential');
    expect(sends().at(-1)?.query.get('access_token')).toBe('token-1');
    expect(sends().at(-1)?.body).toEqual({ touser: 'openid-zhang', msgtype: 'text', text: { content: '报警号: 2002\n报警信息: 急停' } });
  });

  it('a notice made with a template goes as that template message, and WeChat’s refusal of it says what to check', async () => {
    await setCredentials('wx-app-1', 'secret-1');
    const message = { template_id: 'tpl-alarm', url: 'https://gw.example.com/custom/', data: { thing1: { value: '1号车床(T-1)' }, character_string2: { value: '3003' } } };
    const [{ id }] = await t.db
      .insert(wechatNotice)
      .values({ kind: 'alarm', user_id: userId, openid: 'openid-zhang', title: '设备告警: T-1 车床', content: '报警号: 3003', template: message, dedupe: `test:${++seq}` })
      .returning({ id: wechatNotice.id });
    await runNoticePass(t.deps);
    expect(await notice(id)).toMatchObject({ state: 'sent', reason: '' });
    const templated = wechat.heard.filter((h) => h.path === '/cgi-bin/message/template/send');
    expect(templated.at(-1)?.body).toEqual({ touser: 'openid-zhang', ...message });

    wechat.sendAnswers.push({ errcode: 40037, errmsg: 'invalid template_id' });
    const [{ id: refused }] = await t.db
      .insert(wechatNotice)
      .values({ kind: 'alarm', user_id: userId, openid: 'openid-zhang', title: '设备告警: T-1 车床', content: '报警号: 3004', template: { ...message, template_id: 'gone' }, dedupe: `test:${++seq}` })
      .returning({ id: wechatNotice.id });
    await runNoticePass(t.deps);
    expect((await notice(refused))?.reason).toBe('微信返回错误 40037: invalid template_id (模板 ID 无效, 请检查参数设置 wechat_template_alarm / wechat_template_license)');
  });

  it('WeChat unreachable: 未发送 with 无法连接微信服务器, for the whole batch without waiting on each', async () => {
    t.config.wechatApiUrl = await closedPort();
    const ids = [await enqueue('a'), await enqueue('b')];
    await runNoticePass(t.deps);
    for (const id of ids) {
      const n = await notice(id);
      expect(n?.state).toBe('unsent');
      expect(n?.reason).toMatch(/^无法连接微信服务器: .*ECONNREFUSED/);
    }
  });

  it('WeChat refuses a send: 未发送 with its errcode and errmsg (and what it means)', async () => {
    wechat.sendAnswers.push({ errcode: 45015, errmsg: 'response out of time limit or subscription is canceled' });
    const id = await enqueue('c');
    await runNoticePass(t.deps);
    expect(await notice(id)).toMatchObject({
      state: 'unsent',
      reason: '微信返回错误 45015: response out of time limit or subscription is canceled (用户 48 小时内未与公众号互动, 客服消息无法送达)',
    });
  });

  it('a token WeChat no longer takes (40001) is fetched afresh and the send goes once more', async () => {
    const tokensBefore = tokenCalls().length;
    const sendsBefore = sends().length;
    wechat.sendAnswers.push({ errcode: 40001, errmsg: 'invalid credential' });
    const id = await enqueue('d');
    await runNoticePass(t.deps);
    expect(await notice(id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(tokenCalls().length).toBe(tokensBefore + 1);
    const tried = sends().slice(sendsBefore);
    expect(tried.map((s) => s.query.get('access_token'))).toEqual(['token-1', 'token-2']);
  });

  it('a wrong AppSecret: 未发送 with WeChat\'s words, never 已发送', async () => {
    await setCredentials('wx-app-1', 'wrong');
    const failing = createServer((_req, res) => res.end(JSON.stringify({ errcode: 40125, errmsg: 'invalid appsecret' })));
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    t.config.wechatApiUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    const id = await enqueue('e');
    await runNoticePass(t.deps);
    expect(await notice(id)).toMatchObject({ state: 'unsent', reason: '微信返回错误 40125: invalid appsecret' });
    await new Promise<void>((resolve) => failing.close(() => resolve()));
    await setCredentials('wx-app-1', 'secret-1');
  });

  it('重新发送 puts a 未发送 notice back in the queue and it goes; other states are refused', async () => {
    t.config.wechatApiUrl = await closedPort();
    const id = await enqueue('f');
    await runNoticePass(t.deps);
    expect((await notice(id))?.state).toBe('unsent');

    t.config.wechatApiUrl = wechat.url;
    const res = await t.api('POST', `${WECHAT_NOTICE_PATH}/${id}/resend`, { token: admin });
    expect(res.json()).toMatchObject({ code: 200, message: '已重新加入发送队列' });
    await runNoticePass(t.deps);
    expect(await notice(id)).toMatchObject({ state: 'sent', reason: '', attempts: 2 });
    expect(sends().at(-1)?.body).toMatchObject({ touser: 'openid-zhang', text: { content: 'f' } });

    const again = await t.api('POST', `${WECHAT_NOTICE_PATH}/${id}/resend`, { token: admin });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('只有未发送的通知可以重新发送 (当前: 已发送)');
  });

  it('the sender wakes by itself after 重新发送 (no waiting for the next tick)', async () => {
    t.config.wechatApiUrl = await closedPort();
    const id = await enqueue('g');
    await runNoticePass(t.deps);
    t.config.wechatApiUrl = wechat.url;
    await t.api('POST', `${WECHAT_NOTICE_PATH}/${id}/resend`, { token: admin });
    await expect.poll(async () => (await notice(id))?.state, { timeout: 3000 }).toBe('sent');
  });

  it('a user who unbound WeChat is not written to again', async () => {
    t.config.wechatApiUrl = await closedPort();
    const id = await enqueue('h');
    await runNoticePass(t.deps);
    await t.db.update(adminUser).set({ wx_openid: '' }).where(eq(adminUser.id, userId));
    const res = await t.api('POST', `${WECHAT_NOTICE_PATH}/${id}/resend`, { token: admin });
    expect(res.json().message).toBe('接收通知的用户已解除微信绑定, 无法重新发送');
    expect((await notice(id))?.state).toBe('unsent');
    await t.db.update(adminUser).set({ wx_openid: 'openid-zhang' }).where(eq(adminUser.id, userId));
  });

  it('two nodes sending at once send each notice once', async () => {
    const before = sends().length;
    const ids = await Promise.all(Array.from({ length: 15 }, (_, i) => enqueue(`node-${i}`)));
    const node = () => new WechatApi(() => wechat.url, () => t.clock.now());
    const now = () => t.clock.now();
    await Promise.all([sendPending(t.db, node(), now, () => false), sendPending(t.db, node(), now, () => false)]);
    const contents = sends().slice(before).map((s) => (s.body?.text as { content: string }).content);
    expect(contents.sort()).toEqual(ids.map((_, i) => `node-${i}`).sort());
    for (const id of ids) expect((await notice(id))?.state).toBe('sent');
  });

  it('the list filters by state and finds by username', async () => {
    const unsent = (await t.api('GET', `${WECHAT_NOTICE_PATH}?state=unsent&limit=100`, { token: admin })).json();
    expect(unsent.count).toBeGreaterThan(0);
    expect((unsent.data as WechatNotice[]).every((n) => n.state === 'unsent')).toBe(true);
    const found = (await t.api('GET', `${WECHAT_NOTICE_PATH}?keywords=zhang&limit=100`, { token: admin })).json();
    expect(found.count).toBe(seq);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MP_REPLY_PATH } from '@gw/contracts';
import { mpReply, wechatMessage } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';
import { wechatSignature } from './signature.js';
import { ACCOUNT, APP_ID, TOKEN, callbackUrl, configureWechat, eventXml, postEncrypted, postPlain, replyFields, signedQuery, textXml } from '../../test/wechat.js';

describe('official account callback', () => {
  let t: TestApp;
  let admin: string;
  let msgId = 1000;
  const nextMsgId = () => String(++msgId);
  const rule = async (body: Record<string, unknown>) => {
    const res = await t.api('POST', MP_REPLY_PATH, { token: admin, body });
    if (res.json().code !== 200) throw new Error(res.body);
    return res.json().data.id as number;
  };
  const hitsOf = async (id: number) => (await t.db.select({ hits: mpReply.hits }).from(mpReply).where(eq(mpReply.id, id)))[0].hits;

  let priceId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', ADMIN_PASSWORD);
    priceId = await rule({ name: '价格', keywords: ['价格'], match: 'contains', content: '请咨询销售 400-000' });
    await rule({ name: '欢迎', trigger: 'subscribe', reply_type: 'news', articles: [{ title: '欢迎关注', url: 'https://gw.example.com' }] });
  });
  afterAll(() => t.close());
  beforeEach(() => configureWechat(t, { token: TOKEN, appId: APP_ID, aesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', mode: 'plain' }));

  describe('GET verification', () => {
    const verify = (query: URLSearchParams) => t.app.inject({ method: 'GET', url: callbackUrl(query) });

    it('answers echostr as text when the signature is right', async () => {
      const res = await verify(signedQuery(t, { echostr: '5837397749617876540' }));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('5837397749617876540');
    });

    it('refuses a wrong or missing signature, and any call while the token is empty, with a bare 403', async () => {
      const wrong = signedQuery(t, { echostr: 'x' });
      wrong.set('nonce', 'other');
      const missing = signedQuery(t, { echostr: 'x' });
      missing.delete('signature');
      for (const query of [wrong, missing]) expect(await verify(query)).toMatchObject({ statusCode: 403, body: '' });
      await configureWechat(t, { token: '' });
      const res = await verify(signedQuery(t, { echostr: 'x' }, ''));
      expect(res).toMatchObject({ statusCode: 403, body: '' });
    });
  });

  describe('plain mode', () => {
    it('answers a keyword with the rule’s text, swapping the parties', async () => {
      const res = await postPlain(t, textXml('o-user-1', '你们的价格是多少', nextMsgId()));
      expect(res.statusCode).toBe(200);
      expect(replyFields(res.body)).toMatchObject({ ToUserName: 'o-user-1', FromUserName: ACCOUNT, MsgType: 'text', Content: '请咨询销售 400-000' });
    });

    it('refuses a bad signature with 403 and does not act', async () => {
      const query = signedQuery(t);
      query.set('signature', wechatSignature(['wrong', query.get('timestamp')!, query.get('nonce')!]));
      const before = await hitsOf(priceId);
      expect(await postPlain(t, textXml('o-user-1', '价格', nextMsgId()), query)).toMatchObject({ statusCode: 403, body: '' });
      expect(await hitsOf(priceId)).toBe(before);
    });

    it('answers a repeated delivery (WeChat’s retry, or a replay) once: same reply, the hit counted once', async () => {
      const xml = textXml('o-user-2', '价格', nextMsgId());
      const before = await hitsOf(priceId);
      const first = await postPlain(t, xml);
      const again = [await postPlain(t, xml), await postPlain(t, xml), await postPlain(t, xml)];
      for (const res of again) expect(res.body).toBe(first.body);
      expect(replyFields(first.body).Content).toBe('请咨询销售 400-000');
      expect(await hitsOf(priceId)).toBe(before + 1);
    });

    it('answers a repeat while the first is still being answered with success', async () => {
      const id = nextMsgId();
      await t.db.insert(wechatMessage).values({ key: `msg:${id}`, openid: 'o-user-3', msg_type: 'text', reply: null });
      expect((await postPlain(t, textXml('o-user-3', '价格', id))).body).toBe('success');
    });

    it('welcomes a follow (with a scene too) with the subscribe rule; an unfollow gets success', async () => {
      const now = Math.floor(t.clock.now().getTime() / 1000);
      const welcome = replyFields((await postPlain(t, eventXml('o-user-4', 'subscribe', now))).body);
      expect(welcome).toMatchObject({ ToUserName: 'o-user-4', MsgType: 'news', ArticleCount: '1' });
      expect(replyFields((await postPlain(t, eventXml('o-user-5', 'subscribe', now, 'qrscene_123'))).body).MsgType).toBe('news');
      expect(replyFields((await postPlain(t, eventXml('o-user-5', 'SCAN', now + 1, '123'))).body).MsgType).toBe('news');
      const bye = await postPlain(t, eventXml('o-user-4', 'unsubscribe', now + 1));
      expect(bye).toMatchObject({ statusCode: 200, body: 'success' });
    });

    it('dedupes events by sender, time and event', async () => {
      const now = Math.floor(t.clock.now().getTime() / 1000);
      await postPlain(t, eventXml('o-user-6', 'subscribe', now));
      const [row] = await t.db.select().from(wechatMessage).where(eq(wechatMessage.key, `event:o-user-6:${now}:subscribe`));
      expect(row).toMatchObject({ openid: 'o-user-6', msg_type: 'event', reply: expect.stringContaining('news') });
    });

    it('answers success when no rule matches, and to a message older than a day (a replay past the dedupe)', async () => {
      expect((await postPlain(t, textXml('o-user-7', '随便聊聊', nextMsgId()))).body).toBe('success');
      const before = await hitsOf(priceId);
      const old = signedQuery(t);
      const ts = String(Math.floor(t.clock.now().getTime() / 1000) - 2 * 24 * 3600);
      old.set('timestamp', ts);
      old.set('signature', wechatSignature([TOKEN, ts, old.get('nonce')!]));
      expect((await postPlain(t, textXml('o-user-7', '价格', nextMsgId()), old)).body).toBe('success');
      expect(await hitsOf(priceId)).toBe(before);
    });

    it('answers bad XML, an empty body, a JSON body and a huge body without an error page', async () => {
      const query = () => callbackUrl(signedQuery(t));
      const cases = [
        { headers: { 'content-type': 'text/xml' }, payload: '<xml><Content>unclosed' },
        { headers: { 'content-type': 'text/xml' }, payload: '' },
        { headers: {}, payload: '' },
        { headers: { 'content-type': 'application/json' }, payload: '{"a":1}' },
        { headers: { 'content-type': 'application/xml' }, payload: '<xml><MsgType>text</MsgType></xml>' },
        { headers: { 'content-type': 'text/xml' }, payload: `<xml>${'<a>'.repeat(50)}${'</a>'.repeat(50)}</xml>` },
        { headers: { 'content-type': 'text/xml' }, payload: `<xml><Content>${'x'.repeat(1_100_000)}</Content></xml>` },
      ];
      for (const c of cases) {
        const res = await t.app.inject({ method: 'POST', url: query(), headers: c.headers, payload: c.payload });
        expect(res.statusCode, c.payload.slice(0, 40)).toBe(200);
        expect(res.body).toBe('success');
      }
    });

    it('purges remembered messages older than a day', async () => {
      await t.db.insert(wechatMessage).values({ key: 'msg:ancient', openid: 'o', msg_type: 'text', reply: '', created_at: new Date(t.clock.now().getTime() - 2 * 24 * 3600_000) });
      t.clock.advance(2 * 3600_000); // the purge runs at most hourly
      await postPlain(t, textXml('o-user-8', 'hi', nextMsgId()));
      expect(await t.db.select().from(wechatMessage).where(eq(wechatMessage.key, 'msg:ancient'))).toEqual([]);
    });
  });

  describe('safe and compat modes', () => {
    it('decrypts a safe-mode message and answers it encrypted, signed with msg_signature', async () => {
      await configureWechat(t, { mode: 'safe' });
      const res = await postEncrypted(t, textXml('o-safe-1', '价格', nextMsgId()));
      expect(res.statusCode).toBe(200);
      const envelope = res.body;
      expect(envelope).toMatch(/^<xml><Encrypt><!\[CDATA\[.+\]\]><\/Encrypt><MsgSignature>.+<\/MsgSignature><TimeStamp>\d+<\/TimeStamp><Nonce>.+<\/Nonce><\/xml>$/);
      const fields = /<Encrypt><!\[CDATA\[(.+?)\]\]>.*<MsgSignature><!\[CDATA\[(.+?)\]\]>.*<TimeStamp>(\d+)<\/TimeStamp><Nonce><!\[CDATA\[(.+?)\]\]>/.exec(envelope)!;
      const [, encrypted, signature, timestamp, nonce] = fields;
      expect(signature).toBe(wechatSignature([TOKEN, timestamp, nonce, encrypted]));
      expect(replyFields(envelope)).toMatchObject({ ToUserName: 'o-safe-1', Content: '请咨询销售 400-000' });
    });

    it('in safe mode ignores a plain message, a foreign AppID and a wrong msg_signature', async () => {
      await configureWechat(t, { mode: 'safe' });
      const before = await hitsOf(priceId);
      expect((await postPlain(t, textXml('o-safe-2', '价格', nextMsgId()))).body).toBe('success');
      expect((await postEncrypted(t, textXml('o-safe-2', '价格', nextMsgId()), { appId: 'wx-other' })).body).toBe('success');
      const query = signedQuery(t, { encrypt_type: 'aes', msg_signature: 'f'.repeat(40) });
      const forged = await t.app.inject({ method: 'POST', url: callbackUrl(query), payload: '<xml><Encrypt><![CDATA[AAAA]]></Encrypt></xml>' });
      expect(forged).toMatchObject({ statusCode: 403, body: '' });
      const garbage = signedQuery(t, { encrypt_type: 'aes' });
      garbage.set('msg_signature', wechatSignature([TOKEN, garbage.get('timestamp')!, garbage.get('nonce')!, 'AAAA']));
      const undecryptable = await t.app.inject({ method: 'POST', url: callbackUrl(garbage), payload: '<xml><Encrypt><![CDATA[AAAA]]></Encrypt></xml>' });
      expect(undecryptable).toMatchObject({ statusCode: 200, body: 'success' });
      expect(await hitsOf(priceId)).toBe(before);
    });

    it('in compat mode takes both, answering encrypted only what came encrypted', async () => {
      await configureWechat(t, { mode: 'compat' });
      const plain = await postPlain(t, textXml('o-compat', '价格', nextMsgId()));
      expect(plain.body).not.toContain('<Encrypt>');
      expect(replyFields(plain.body).Content).toBe('请咨询销售 400-000');
      const encrypted = await postEncrypted(t, textXml('o-compat', '价格', nextMsgId()), { compat: true });
      expect(encrypted.body).toContain('<Encrypt>');
      expect(replyFields(encrypted.body).Content).toBe('请咨询销售 400-000');
    });
  });
});

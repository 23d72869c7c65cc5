import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_ACTION, WECHAT_BIND_CODE_PATH, WECHAT_BIND_REPLIES, WECHAT_UNBIND_PATH } from '@gw/contracts';
import { adminUser, operationLog, wechatBindCode } from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { TOKEN, configureWechat, postPlain, replyFields, textXml } from '../../test/wechat.js';

describe('binding a WeChat to a console user', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let msgId = 5000;
  const say = async (openid: string, content: string, id = String(++msgId)) => replyFields((await postPlain(t, textXml(openid, content, id))).body).Content;
  const bindCode = async (token: string) => {
    const res = await t.api('POST', WECHAT_BIND_CODE_PATH, { token });
    expect(res.json()).toMatchObject({ code: 200, data: { code: expect.stringMatching(/^\d{6}$/), expires_at: expect.any(String) } });
    return res.json().data as { code: string; expires_at: string };
  };
  const info = async (token: string) => (await t.api('GET', '/user/info', { token })).json().data as { wx_openid: string };

  beforeAll(async () => {
    t = await createTestApp();
    await configureWechat(t, { token: TOKEN, mode: 'plain' });
    await t.createUser({ username: 'alice', password: 'secret-123' });
    await t.createUser({ username: 'bob', password: 'secret-123' });
    alice = await t.login('alice', 'secret-123');
    bob = await t.login('bob', 'secret-123');
  });
  afterAll(() => t.close());

  it('binds end to end: a code, 绑定 <code> to the account, /user/info shows the openid, then 解绑', async () => {
    const { code, expires_at } = await bindCode(alice);
    expect(new Date(expires_at).getTime() - t.clock.now().getTime()).toBeGreaterThan(9.9 * 60_000);
    expect(await say('o-alice', `绑定 ${code}`)).toBe(WECHAT_BIND_REPLIES.bound('alice'));
    expect((await info(alice)).wx_openid).toBe('o-alice');
    const [log] = await t.db.select().from(operationLog).where(and(eq(operationLog.table_name, 'admin_user'), eq(operationLog.action, LOG_ACTION.modify)));
    expect(log).toMatchObject({ username: 'alice', changes: [{ key: 'wx_openid', before: '', after: 'o-alice' }] });

    const unbind = await t.api('POST', WECHAT_UNBIND_PATH, { token: alice });
    expect(unbind.json()).toMatchObject({ code: 200, message: '已解绑' });
    expect((await info(alice)).wx_openid).toBe('');
  });

  it('binds a code once, even when WeChat delivers the message again', async () => {
    const { code } = await bindCode(alice);
    const id = String(++msgId);
    const first = await say('o-alice-2', `绑定${code}`, id);
    expect(first).toBe(WECHAT_BIND_REPLIES.bound('alice'));
    expect(await say('o-alice-2', `绑定${code}`, id)).toBe(first);
    // a new message with the spent code is refused
    expect(await say('o-alice-2', `绑定 ${code}`)).toBe(WECHAT_BIND_REPLIES.invalid);
    const [row] = await t.db.select().from(wechatBindCode).where(eq(wechatBindCode.code, code));
    expect(row.used_at).not.toBeNull();
  });

  it('refuses an openid bound to another user, and keeps the code for after the unbind', async () => {
    const { code } = await bindCode(bob);
    expect(await say('o-alice-2', `绑定 ${code}`)).toBe(WECHAT_BIND_REPLIES.taken);
    expect((await info(bob)).wx_openid).toBe('');
    await t.api('POST', WECHAT_UNBIND_PATH, { token: alice });
    expect(await say('o-alice-2', `绑定 ${code}`)).toBe(WECHAT_BIND_REPLIES.bound('bob'));
  });

  it('refuses an unknown, expired or replaced code', async () => {
    expect(await say('o-carol', '绑定 000000')).toBe(WECHAT_BIND_REPLIES.invalid);
    const old = await bindCode(alice);
    const fresh = await bindCode(alice);
    expect(fresh.code).not.toBe(old.code);
    expect(await say('o-carol', `绑定 ${old.code}`)).toBe(WECHAT_BIND_REPLIES.invalid);
    t.clock.advance(10 * 60_000 + 1000);
    expect(await say('o-carol', `绑定 ${fresh.code}`)).toBe(WECHAT_BIND_REPLIES.invalid);
    const [alive] = await t.db.select({ id: adminUser.id }).from(adminUser).where(eq(adminUser.wx_openid, 'o-carol'));
    expect(alive).toBeUndefined();
  });

  it('needs a login for the code and the unbind', async () => {
    expect((await t.api('POST', WECHAT_BIND_CODE_PATH)).json().code).toBe(401);
    expect((await t.api('POST', WECHAT_UNBIND_PATH)).json().code).toBe(401);
  });
});

import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACTIONS, CONFIG_KEY, MP_REPLY_PATH, WECHAT_NOTICE_PATH, type WechatNotice } from '@gw/contracts';
import { adminUser, config, customer, device, license, machineAlarm, machineTool, role, wechatNotice } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';
import { runNoticePass } from './runner.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/**
 * Who is told: company A (with its child workshop A1) has the box A-1 whose machine alarms; company B has the
 * box B-1. Users of A bound to WeChat are told of A-1's alarms and licence; A's unbound or disabled users, A1's
 * and B's users and the vendor's staff are not. WeChat is not configured, so every notice ends 未发送.
 */
describe('微信通知: what is told to whom', () => {
  let t: TestApp;
  let admin: string;
  const users: Record<string, number> = {};
  let boxA = 0;
  let boxB = 0;
  let lathe = 0;
  let now = 0;

  const notices = async (query = '') => {
    const res = await t.api('GET', `${WECHAT_NOTICE_PATH}?limit=100${query}`, { token: admin });
    return res.json().data as WechatNotice[];
  };
  const alarm = (alarm_no: string, alarm_msg: string, startedAgoMs: number) =>
    t.db.insert(machineAlarm).values({ machine_tool_id: lathe, device_id: boxA, alarm_no, alarm_msg, started_at: new Date(now - startedAgoMs) }).returning({ id: machineAlarm.id });
  let licences = 0;
  const licence = async (deviceId: number, expiresInMs: number, revoked = false) => {
    const [row] = await t.db
      .insert(license)
      .values({
        device_id: deviceId,
        finger_print: 'fp',
        type: 'business',
        nbf: new Date(now - 300 * DAY),
        exp: new Date(now + expiresInMs),
        iat: new Date(now - 300 * DAY),
        jti: `jti-${++licences}`,
        certificate: 'cert',
        revoked_at: revoked ? new Date(now) : null,
      })
      .returning({ id: license.id });
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    now = t.clock.now().getTime();
    t.clock.now = () => new Date(now);
    admin = await t.login('admin', ADMIN_PASSWORD);
    const company = async (company_name: string, parent_id: number | null = null) =>
      (await t.db.insert(customer).values({ company_name, parent_id }).returning({ id: customer.id }))[0].id;
    const a = await company('甲公司');
    const a1 = await company('甲一车间', a);
    const b = await company('乙公司');
    const [vendor] = await t.db.select({ id: customer.id }).from(customer).where(eq(customer.is_vendor, true));
    const [{ id: viewer }] = await t.db
      .insert(role)
      .values({ name: '客户看通知', menus: [{ menu: MP_REPLY_PATH, action: ALL_ACTIONS }] })
      .returning({ id: role.id });
    const user = async (username: string, customer_id: number, openid: string, enabled = true) => {
      users[username] = await t.createUser({ username, customer_id, enabled, roles: [viewer] });
      await t.db.update(adminUser).set({ wx_openid: openid }).where(eq(adminUser.id, users[username]));
    };
    await user('a-li', a, 'o-a-li');
    await user('a-wang', a, 'o-a-wang');
    await user('a-unbound', a, '');
    await user('a-disabled', a, 'o-a-disabled', false);
    await user('a1-zhao', a1, 'o-a1-zhao');
    await user('b-sun', b, 'o-b-sun');
    await user('vendor-qian', vendor.id, 'o-vendor-qian');

    [{ id: boxA }, { id: boxB }] = await t.db
      .insert(device)
      .values([
        { gateway_id: 'A-1', name: 'A-1', secret_hash: 'x', customer_id: a },
        { gateway_id: 'B-1', name: '乙号网关', secret_hash: 'x', customer_id: b },
      ])
      .returning({ id: device.id });
    [{ id: lathe }] = await t.db
      .insert(machineTool)
      .values({ device_id: boxA, code: 'M1', name: '1号车床', category: 'fanuc', ip: '10.97.0.1' })
      .returning({ id: machineTool.id });
  });
  afterAll(() => t.close());

  it('an alarm on a customer\'s box makes one notice per bound, enabled user of that company, once', async () => {
    await alarm('1001', '主轴过载', 2 * MIN);
    await alarm('0999', '太久以前', 20 * MIN);
    await runNoticePass(t.deps);
    const made = await notices('&kind=alarm');
    expect(made.map((n) => n.username).sort()).toEqual(['a-li', 'a-wang']);
    expect(made.map((n) => n.openid).sort()).toEqual(['o-a-li', 'o-a-wang']);
    const china = new Date(now - 2 * MIN + 8 * 60 * MIN).toISOString().slice(0, 19).replace('T', ' ');
    for (const n of made) {
      expect(n).toMatchObject({ kind: 'alarm', title: '设备告警: A-1 1号车床', state: 'unsent', reason: '未配置公众号 AppID/AppSecret' });
      expect(n.content).toBe(`设备告警: A-1 1号车床\n报警号: 1001\n报警信息: 主轴过载\n时间: ${china}`);
    }

    await runNoticePass(t.deps);
    expect((await notices('&kind=alarm')).length).toBe(2);
  });

  it('a licence ending within the week is told once to the box\'s company; later, renewed or revoked ones are not', async () => {
    await licence(boxA, 3 * DAY);
    await licence(boxB, 30 * DAY);
    await licence(boxB, 2 * DAY, true);
    // B's box has one ending tomorrow, but a renewal already follows it
    await licence(boxB, DAY);
    await licence(boxB, 365 * DAY);
    await runNoticePass(t.deps);
    await runNoticePass(t.deps);
    const made = await notices('&kind=license_expiry');
    expect(made.map((n) => n.username).sort()).toEqual(['a-li', 'a-wang']);
    expect(made[0].title).toBe('授权即将到期');
    expect(made[0].content).toContain('设备: A-1\n');
    expect(made[0].content).toContain('到期时间: ');
  });

  it('the outbox is the vendor\'s: a customer\'s user sees none and may resend none, even with the menu granted', async () => {
    const all = await notices();
    expect(all.length).toBe(4);
    const token = await t.login('a-li', 'secret-123');
    const res = await t.api('GET', WECHAT_NOTICE_PATH, { token });
    expect(res.json()).toMatchObject({ code: 200, count: 0, data: [] });
    const resend = await t.api('POST', `${WECHAT_NOTICE_PATH}/${all[0].id}/resend`, { token });
    expect(resend.statusCode).toBe(404);
    // without the menu: refused outright
    const [{ customer_id: a }] = await t.db.select({ customer_id: adminUser.customer_id }).from(adminUser).where(eq(adminUser.id, users['a-li']));
    await t.createUser({ username: 'a-nobody', customer_id: a });
    const nobody = await t.api('GET', WECHAT_NOTICE_PATH, { token: await t.login('a-nobody', 'secret-123') });
    expect(nobody.json().message).toBe('您没有权限访问');
  });

  it('with a template configured for alarms, a new alarm’s notice carries the template message, its fields filled and cut to size', async () => {
    const template = { template_id: 'tpl-alarm', url: 'https://gw.example.com/custom/', data: { thing1: '{machine}({gateway_id}) {alarm_msg}', character_string2: '{alarm_no}', time3: '{time}' } };
    await t.db.update(config).set({ value: JSON.stringify(template) }).where(eq(config.key, CONFIG_KEY.wechatTemplateAlarm));
    await alarm('2002', '刀具寿命到期, 请更换 T12 号刀具', MIN);
    await runNoticePass(t.deps);
    const made = await t.db.select().from(wechatNotice).where(like(wechatNotice.content, '%报警号: 2002%'));
    expect(made.map((n) => n.openid).sort()).toEqual(['o-a-li', 'o-a-wang']);
    const china = new Date(now - MIN + 8 * 60 * MIN).toISOString().slice(0, 19).replace('T', ' ');
    expect(made[0].template).toEqual({
      template_id: 'tpl-alarm',
      url: 'https://gw.example.com/custom/',
      // a thing field holds 20 characters at most
      data: { thing1: { value: '1号车床(A-1) 刀具寿命到期, 请更' }, character_string2: { value: '2002' }, time3: { value: china } },
    });
    // the text stays, for the outbox and for a template taken away later
    expect(made[0].content).toContain('报警信息: 刀具寿命到期');
    // the licence notices made before have none: a notice keeps what it was made with
    expect((await t.db.select().from(wechatNotice).where(eq(wechatNotice.kind, 'license_expiry'))).every((n) => n.template === null)).toBe(true);
  });
});

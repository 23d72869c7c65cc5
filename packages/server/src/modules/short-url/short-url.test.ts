import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_ACTIONS,
  CONFIG_KEY,
  EXPORT_PATH,
  type ExportJob,
  QRCODE_URL_MENU,
  SHORT_URL_PATH,
  type ShortUrl,
  type ShortUrlVisits,
  shortUrlQrcodePath,
  shortUrlVisitsPath,
} from '@gw/contracts';
import { config, role, shortUrl, shortUrlDay } from '../../db/schema.js';
import { zoneDate } from '../../lib/platform-zone.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { sheetRows } from '../../test/xlsx.js';

const DAY_MS = 86_400_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('短链接 (/system/short_url, /s/{code})', () => {
  let t: TestApp;
  let w: FleetWorld;
  /** A customer's user whose role grants 短链接's menu, every bit. */
  let customerUser: string;

  const create = (body: Record<string, unknown>, token = w.admin) => t.api('POST', SHORT_URL_PATH, { token, body });
  const created = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.json().code, res.body).toBe(200);
    return res.json().data as ShortUrl;
  };
  const stored = async (id: number) => (await t.db.select().from(shortUrl).where(eq(shortUrl.id, id)))[0];
  const open = (code: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url: `/s/${code}` });

  beforeAll(async () => {
    t = await createTestApp({ services: ['jobs'] });
    w = await fleetWorld(t, 'U');
    const [{ id: roleId }] = await t.db
      .insert(role)
      .values({ name: 'U 客户短链接', menus: [{ menu: QRCODE_URL_MENU, action: ALL_ACTIONS }] })
      .returning({ id: role.id });
    await t.createUser({ username: 'u-links', password: 'secret-123', roles: [roleId], customer_id: w.a });
    customerUser = await t.login('u-links', 'secret-123');
  });
  afterAll(() => t.close());

  it('creates a link with a custom code, printed under the address the console was reached at, then short_url_base', async () => {
    const link = await created({ code: 'promo-2025', target: 'https://example.com/landing?a=1', title: '活动页' });
    expect(link).toMatchObject({ code: 'promo-2025', short_url: 'http://localhost:80/s/promo-2025', target: 'https://example.com/landing?a=1', visits: 0, enabled: true, device_id: null });
    await t.db.update(config).set({ value: 'https://gw.example.com/' }).where(eq(config.key, CONFIG_KEY.shortUrlBase));
    const listed = (await t.api('GET', `${SHORT_URL_PATH}?keywords=promo`, { token: w.admin })).json();
    expect(listed.data.map((l: ShortUrl) => l.short_url)).toEqual(['https://gw.example.com/s/promo-2025']);
    await t.db.update(config).set({ value: '' }).where(eq(config.key, CONFIG_KEY.shortUrlBase));
  });

  it('generates a random base62 code when none is given', async () => {
    const codes = new Set<string>();
    for (const code of [undefined, '']) {
      const link = await created({ code, target: 'http://example.com/' });
      expect(link.code).toMatch(/^[0-9A-Za-z]{6,}$/);
      codes.add(link.code);
    }
    expect(codes.size).toBe(2);
  });

  it('refuses a code already taken, on create and on update', async () => {
    expect((await create({ code: 'promo-2025', target: 'https://example.com/' })).json()).toMatchObject({ code: 300, message: '短码已被使用: promo-2025' });
    const other = await created({ code: 'other-1', target: 'https://example.com/' });
    const res = await t.api('PUT', `${SHORT_URL_PATH}/${other.id}`, { token: w.admin, body: { code: 'promo-2025' } });
    expect(res.json()).toMatchObject({ code: 300, message: '短码已被使用: promo-2025' });
    expect((await t.api('PUT', `${SHORT_URL_PATH}/${other.id}`, { token: w.admin, body: { code: 'other-1', title: '改名' } })).json().code).toBe(200);
  });

  it('refuses targets that are not http(s) URLs and codes of the wrong shape with 400', async () => {
    for (const target of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', '/relative/path', 'example.com', 'http://']) {
      const res = await create({ target });
      expect(res.statusCode, target).toBe(400);
      expect(res.json().message, target).toMatch(/^参数错误 target: /);
    }
    for (const code of ['ab', 'has space', '<x>', 'a'.repeat(33)]) expect((await create({ code, target: 'https://example.com/' })).statusCode, code).toBe(400);
    const link = await created({ target: 'https://example.com/' });
    expect((await t.api('PUT', `${SHORT_URL_PATH}/${link.id}`, { token: w.admin, body: { target: 'javascript:alert(1)' } })).statusCode).toBe(400);
  });

  it('redirects 200 visits at once with 302 and counts exactly 200, on the link and on its day', async () => {
    const link = await created({ code: 'rush', target: 'https://example.com/rush' });
    const answers = await Promise.all(Array.from({ length: 200 }, () => open('rush')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(200).fill(302));
    expect(answers[0].headers.location).toBe('https://example.com/rush');
    expect(answers[0].headers['cache-control']).toBe('no-store');
    const row = await stored(link.id);
    expect(row.visits).toBe(200);
    expect(row.last_visit_at).not.toBeNull();
    const days = await t.db.select().from(shortUrlDay).where(eq(shortUrlDay.short_url_id, link.id));
    expect(days).toEqual([{ short_url_id: link.id, day: zoneDate(t.clock.now()), visits: 200 }]);
  });

  it('sends a target in Chinese percent-encoded', async () => {
    await created({ code: 'zh-path', target: 'https://例子.中国/产品?名=一号' });
    const res = await open('zh-path');
    expect([res.statusCode, res.headers.location]).toEqual([302, new URL('https://例子.中国/产品?名=一号').href]);
    expect(res.headers.location).toMatch(/^https:\/\/xn--/);
  });

  it('a HEAD answers like a visit but counts nothing', async () => {
    const link = await created({ code: 'peek', target: 'https://example.com/peek' });
    const res = await open('peek', 'HEAD');
    expect([res.statusCode, res.headers.location]).toEqual([302, 'https://example.com/peek']);
    expect((await stored(link.id)).visits).toBe(0);
    expect(await t.db.select().from(shortUrlDay).where(eq(shortUrlDay.short_url_id, link.id))).toEqual([]);
  });

  it('answers a Chinese page for a link that leads nowhere: 404 unknown or disabled, 410 expired, and counts nothing', async () => {
    const expired = await created({ code: 'old-one', target: 'https://example.com/', expires_at: new Date(Date.now() - 60_000).toISOString() });
    const disabled = await created({ code: 'off-one', target: 'https://example.com/', enabled: false });
    const cases: [string, number, string][] = [
      ['old-one', 410, '链接已过期'],
      ['off-one', 404, '链接已停用'],
      ['nobody-has-this', 404, '链接不存在'],
      ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', 404, '链接不存在'],
      ['x'.repeat(90), 404, '链接不存在'],
      ['y'.repeat(300), 404, '链接不存在'],
      ['..%2F..%2Fetc', 404, '链接不存在'],
      ['a/b', 404, '链接不存在'],
      ['', 404, '链接不存在'],
    ];
    for (const [code, status, text] of cases) {
      const res = await open(code);
      expect(res.statusCode, code).toBe(status);
      expect(res.headers['content-type'], code).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body, code).toContain(text);
      expect(res.body).not.toContain('<script>');
    }
    expect((await stored(expired.id)).visits).toBe(0);
    expect((await stored(disabled.id)).visits).toBe(0);
    // a link whose expiry is still ahead leads on; once it passes, it is 410
    const soon = await created({ code: 'soon-gone', target: 'https://example.com/soon', expires_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString() });
    expect((await open('soon-gone')).statusCode).toBe(302);
    t.clock.advance(2 * 3_600_000);
    expect((await open('soon-gone')).statusCode).toBe(410);
    expect((await stored(soon.id)).visits).toBe(1);
  });

  it('draws the QR code as PNG or SVG of a chosen size, named after the code; bad format or size → 400', async () => {
    const link = await created({ code: 'qr-me', target: 'https://example.com/qr' });
    const png = await t.api('GET', shortUrlQrcodePath(link.id), { token: w.admin });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toContain('filename="qr-me.png"');
    expect(png.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.rawPayload.readUInt32BE(16)).toBe(256);
    const big = await t.api('GET', `${shortUrlQrcodePath(link.id)}?size=512`, { token: w.admin });
    expect(big.rawPayload.readUInt32BE(16)).toBe(512);
    const svg = await t.api('GET', `${shortUrlQrcodePath(link.id)}?format=svg&size=128`, { token: w.admin });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['content-disposition']).toContain('filename="qr-me.svg"');
    expect(svg.body).toContain('<svg');
    expect(svg.body).toContain('width="128"');
    for (const query of ['size=63', 'size=2049', 'size=abc', 'size=100.5', 'format=gif']) {
      const res = await t.api('GET', `${shortUrlQrcodePath(link.id)}?${query}`, { token: w.admin });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await t.api('GET', shortUrlQrcodePath(999_999), { token: w.admin })).statusCode).toBe(404);
  });

  it('counts visits per China day: one entry a day, zeros filled, oldest first', async () => {
    const link = await created({ code: 'daily', target: 'https://example.com/daily' });
    const first = zoneDate(t.clock.now());
    await open('daily');
    await open('daily');
    t.clock.advance(2 * DAY_MS);
    await open('daily');
    const today = zoneDate(t.clock.now());
    const res = await t.api('GET', `${shortUrlVisitsPath(link.id)}?days=4`, { token: w.admin });
    const visits = res.json().data as ShortUrlVisits;
    expect(visits.map((v) => v.visits)).toEqual([0, 2, 0, 1]);
    expect([visits[1].day, visits[3].day]).toEqual([first, today]);
    expect(((await t.api('GET', shortUrlVisitsPath(link.id), { token: w.admin })).json().data as ShortUrlVisits).length).toBe(30);
    for (const days of ['0', '367', 'x']) expect((await t.api('GET', `${shortUrlVisitsPath(link.id)}?days=${days}`, { token: w.admin })).statusCode).toBe(400);
  });

  it('exports the list through the export jobs, its links under the address the console was reached at', async () => {
    const queued = (await t.api('POST', `${SHORT_URL_PATH}/export`, { token: w.admin, body: { filters: { keywords: 'rush' } }, headers: { host: 'iot.example.cn:8443' } })).json();
    expect(queued.code, JSON.stringify(queued)).toBe(200);
    let job = queued.data as ExportJob;
    while (job.state !== 'done' && job.state !== 'failed') {
      await new Promise((r) => setTimeout(r, 20));
      job = (await t.api('GET', `${EXPORT_PATH}/${job.id}`, { token: w.admin })).json().data as ExportJob;
    }
    expect(job.state).toBe('done');
    const rows = await sheetRows((await t.api('GET', `${EXPORT_PATH}/${job.id}/download`, { token: w.admin })).rawPayload);
    expect(rows[0].slice(0, 4)).toEqual(['短码', '短链接', '标题', '目标地址']);
    // no short_url_base and no PUBLIC_URL here: the links open where the export was asked from, as the list shows them
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3], r[7]])).toEqual([['rush', 'http://iot.example.cn:8443/s/rush', 'https://example.com/rush', 200]]);
  });

  it("a customer's user, even with the menu granted, lists nothing and may create, change or read none", async () => {
    const link = await created({ code: 'vendor-own', target: 'https://example.com/' });
    const list = (await t.api('GET', SHORT_URL_PATH, { token: customerUser })).json();
    expect([list.code, list.count, list.data]).toEqual([200, 0, []]);
    expect((await create({ target: 'https://example.com/' }, customerUser)).json()).toMatchObject({ code: 300, message: '短链接由平台管理, 客户账号不能使用' });
    expect((await t.api('PUT', `${SHORT_URL_PATH}/${link.id}`, { token: customerUser, body: { title: 'x' } })).statusCode).toBe(404);
    expect((await t.api('GET', shortUrlQrcodePath(link.id), { token: customerUser })).statusCode).toBe(404);
    expect((await t.api('GET', shortUrlVisitsPath(link.id), { token: customerUser })).statusCode).toBe(404);
    // a user without the menu at all is stopped by the guard
    expect((await t.api('GET', SHORT_URL_PATH, { token: w.userA })).statusCode).toBe(401);
    expect((await create({ target: 'https://example.com/' }, w.userA)).statusCode).toBe(401);
  });
});

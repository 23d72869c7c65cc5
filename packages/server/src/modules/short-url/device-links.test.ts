import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_QR_LABELS_PATH, DEVICE_SHORT_URL_PATH, SHORT_URL_PATH, type ShortUrl } from '@gw/contracts';
import { device, shortUrl } from '../../db/schema.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';

interface DeviceLink {
  device_id: number;
  gateway_id: string;
  code: string;
  short_url: string;
  created: boolean;
}

describe('设备短链接与二维码标签 (/device/device/short_url, /device/device/qr_labels)', () => {
  let t: TestApp;
  let w: FleetWorld;

  const make = (ids: number[], token = w.admin) => t.api('POST', DEVICE_SHORT_URL_PATH, { token, body: { ids } });
  const made = async (ids: number[]) => {
    const res = await make(ids);
    expect(res.json().code, res.body).toBe(200);
    return res.json().data as DeviceLink[];
  };
  const labels = (ids: string, token = w.admin) => t.api('GET', `${DEVICE_QR_LABELS_PATH}?ids=${ids}`, { token });

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://gw.example.com/' } });
    w = await fleetWorld(t, 'L');
    await t.db.update(device).set({ name: '一号机 <b>&</b>' }).where(eq(device.id, w.boxes.a));
  });
  afterAll(() => t.close());

  it('gives each box one link to its page in the console, titled after it; asking again keeps it', async () => {
    const first = await made([w.boxes.a, w.boxes.b]);
    expect(first.map((l) => [l.device_id, l.gateway_id, l.created])).toEqual([
      [w.boxes.a, 'L-A', true],
      [w.boxes.b, 'L-B', true],
    ]);
    for (const link of first) {
      expect(link.code).toMatch(/^[0-9A-Za-z]{6,}$/);
      expect(link.short_url).toBe(`https://gw.example.com/s/${link.code}`);
    }
    const rows = await t.db.select().from(shortUrl).where(inArray(shortUrl.device_id, [w.boxes.a, w.boxes.b])).orderBy(shortUrl.device_id);
    expect(rows.map((r) => [r.title, r.target])).toEqual([
      ['一号机 <b>&</b>', `https://gw.example.com/custom/device/device?detail=${w.boxes.a}`],
      ['L-B', `https://gw.example.com/custom/device/device?detail=${w.boxes.b}`],
    ]);
    const again = await t.api('POST', DEVICE_SHORT_URL_PATH, { token: w.admin, body: { ids: [w.boxes.b, w.boxes.a, w.boxes.a1] } });
    expect(again.json().message).toBe('已生成 1 个短链接, 2 台设备已有短链接');
    const kept = again.json().data as DeviceLink[];
    expect(kept.map((l) => [l.device_id, l.created])).toEqual([
      [w.boxes.b, false],
      [w.boxes.a, false],
      [w.boxes.a1, true],
    ]);
    expect(kept.slice(0, 2).map((l) => l.code)).toEqual([first[1].code, first[0].code]);
    // the box's link opens the box on the server that answered it, so a printed label outlives a move of the
    // console to another address; one whose target was changed by hand goes there; it lists with its gateway id
    const opened = async (code: string) => (await t.app.inject({ method: 'GET', url: `/s/${code}` })).headers.location;
    expect(await opened(first[0].code)).toBe(`/custom/device/device?detail=${w.boxes.a}`);
    await t.db.update(shortUrl).set({ target: `https://old.example.com/custom/device/device?detail=${w.boxes.b}` }).where(eq(shortUrl.device_id, w.boxes.b));
    expect(await opened(first[1].code)).toBe(`/custom/device/device?detail=${w.boxes.b}`);
    await t.db.update(shortUrl).set({ target: 'https://example.com/manual' }).where(eq(shortUrl.device_id, w.boxes.b));
    expect(await opened(first[1].code)).toBe('https://example.com/manual');
    const listed = (await t.api('GET', `${SHORT_URL_PATH}?keywords=L-A1`, { token: w.admin })).json().data as ShortUrl[];
    expect(listed.map((l) => [l.gateway_id, l.device_id])).toEqual([['L-A1', w.boxes.a1]]);
  });

  it('makes one link per box when the same boxes are asked for at once', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => made([w.boxes.stock, w.boxes.a])));
    expect(answers.flat().filter((l) => l.device_id === w.boxes.stock && l.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a[0].code)).size).toBe(1);
    expect(await t.db.select().from(shortUrl).where(eq(shortUrl.device_id, w.boxes.stock))).toHaveLength(1);
  });

  it('refuses boxes that do not exist, naming them, and makes nothing', async () => {
    const before = (await t.db.select().from(shortUrl)).length;
    expect((await make([w.boxes.a, 999_998, 999_999])).json()).toMatchObject({ code: 300, message: '设备不存在: 999998, 999999' });
    expect((await t.db.select().from(shortUrl)).length).toBe(before);
    expect((await make([])).statusCode).toBe(400);
  });

  it('prints the boxes’ labels as one self-contained A4 HTML sheet', async () => {
    const res = await labels(`${w.boxes.a},${w.boxes.b},${w.boxes.a1}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/filename\*=UTF-8''二维码标签_\d{8}_\d{6}\.html$/);
    const html = res.body;
    for (const gatewayId of ['L-A', 'L-B', 'L-A1']) expect(html).toContain(`<b>${gatewayId}</b>`);
    expect(html.match(/<svg/g)).toHaveLength(3);
    expect(html).toContain('@page{size:A4');
    expect(html).toContain('@media print');
    expect(html).toContain('一号机 &lt;b&gt;&amp;&lt;/b&gt;');
    expect(html).not.toContain('<b>&</b>');
    const [link] = await t.db.select().from(shortUrl).where(eq(shortUrl.device_id, w.boxes.a));
    expect(html).toContain(`https://gw.example.com/s/${link.code}`);
    // nothing fetched from elsewhere: no links, scripts or fonts from another address (the SVG namespace is a name, not a fetch)
    expect(html.replaceAll('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/(src|href)=|@import|url\(|<link|<script/i);
  });

  it('refuses labels for boxes without a link yet, naming them; bad or too many ids → 400', async () => {
    const [{ id: bare }] = await t.db.insert(device).values({ gateway_id: 'L-NEW', customer_id: w.a, secret_hash: 'x' }).returning({ id: device.id });
    expect((await labels(`${w.boxes.a},${bare}`)).json()).toMatchObject({ code: 300, message: '以下设备还没有短链接, 请先生成: L-NEW' });
    expect((await labels('999999')).json()).toMatchObject({ code: 300, message: '设备不存在: 999999' });
    for (const ids of ['', 'a,b', '1,,2', '0', '99999999999']) expect((await labels(ids)).statusCode, ids).toBe(400);
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    const tooMany = await labels(many);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, '参数错误 ids: 一次最多打印 500 台设备的标签']);
  });

  it("a customer's user may neither make links nor print labels", async () => {
    expect((await make([w.boxes.a], w.userA)).statusCode).toBe(401);
    expect((await labels(String(w.boxes.a), w.userA)).statusCode).toBe(401);
  });
});

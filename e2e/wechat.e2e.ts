import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ConfigItem, ShortUrl } from '@gw/contracts';
import { watchProblems } from './browser.js';
import { api, consoleUnderTest, label, settled } from './console.js';

const RULE = 'E2E 价格查询';
const ANSWER = '标准版网关 2999 元, 详询客服。';
const TOKEN = 'e2eToken42';

/** Saves the download a click starts; answers its name and bytes. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const waiting = page.waitForEvent('download');
  await click();
  const download = await waiting;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'gw-e2e-qr-')), download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), bytes: readFileSync(file) };
}

describe('自动回复 and 短链接 in Chromium', () => {
  const app = consoleUnderTest();
  const rowOf = (page: Page, text: string) => page.locator('tbody tr.ant-table-row', { hasText: text });

  it('creates a keyword rule, finds it in the 测试 box, and the official account answers a signed message with it', async () => {
    const page = await app.signedIn('/system/mp_reply');
    const problems = watchProblems(page);
    await settled(page);
    await page.getByRole('button', { name: label('新增') }).click();
    const form = page.getByRole('dialog', { name: '新增自动回复' });
    await form.getByLabel('规则名称', { exact: true }).fill(RULE);
    const keywords = form.locator('#mp_reply_keywords');
    await keywords.fill('价格');
    await keywords.press('Enter');
    await form.getByText('包含', { exact: true }).click();
    await form.getByLabel('回复内容', { exact: true }).fill(ANSWER);
    await form.getByRole('button', { name: label('确定') }).click();
    await form.waitFor({ state: 'hidden' });
    await rowOf(page, RULE).waitFor();

    // the 测试 box: which rule a message hits and the reply XML, nothing sent
    await page.getByLabel('输入用户发送的消息').fill('请问网关价格多少?');
    await page.getByRole('button', { name: label('测试') }).click();
    const xml = page.getByTestId('mp-reply-xml');
    await xml.waitFor();
    expect(await xml.innerText()).toContain(`<Content><![CDATA[${ANSWER}]]></Content>`);
    await page.locator('.ant-descriptions', { hasText: '命中规则' }).getByText(RULE, { exact: true }).waitFor();

    // the real callback with the account's token (通用配置), a signed text message: the same reply, one hit
    const [tokenItem] = await api<ConfigItem[]>(page, 'GET', '/system/config?keywords=wechat_token');
    await api(page, 'PUT', `/system/config/${tokenItem.id}`, { value: TOKEN });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = '20261124';
    const signature = createHash('sha1').update([TOKEN, timestamp, nonce].sort().join('')).digest('hex');
    const message = `<xml><ToUserName><![CDATA[gh_e2e]]></ToUserName><FromUserName><![CDATA[o-e2e-user]]></FromUserName><CreateTime>${timestamp}</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[价格]]></Content><MsgId>7312345678901234567</MsgId></xml>`;
    const callback = `${app.url}/custom/api/wechat/callback?signature=${signature}&timestamp=${timestamp}&nonce=${nonce}`;
    for (let delivery = 0; delivery < 2; delivery++) {
      const answer = await fetch(callback, { method: 'POST', body: message, headers: { 'content-type': 'text/xml' } });
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(text).toContain(ANSWER);
      expect(text).toContain('<ToUserName><![CDATA[o-e2e-user]]></ToUserName>');
    }
    const forged = await fetch(callback.replace(signature, '0'.repeat(40)), { method: 'POST', body: message });
    expect(forged.status).toBe(403);
    // WeChat's retry is answered without counting twice
    await page.getByRole('button', { name: label('刷新') }).first().click();
    await settled(page);
    await expect.poll(async () => (await rowOf(page, RULE).locator('td').allInnerTexts()).map((t) => t.trim())).toContain('1');
    expect(problems).toEqual([]);
  });

  it('creates a short link, downloads its QR code, and following the link counts one visit', async () => {
    const page = await app.signedIn('/system/qrcode_url');
    const problems = watchProblems(page);
    await settled(page);
    const target = `${app.url}/custom/api/healthz?from=e2e-short-link`;
    await page.getByRole('button', { name: label('新增') }).click();
    const form = page.getByRole('dialog', { name: '新增短链接' });
    await form.getByLabel('目标地址', { exact: true }).fill('javascript:alert(1)');
    await form.getByText('只允许 http:// 或 https:// 开头的网址').waitFor();
    await form.getByLabel('目标地址', { exact: true }).fill(target);
    await form.getByLabel('标题', { exact: true }).fill('E2E 说明书');
    await form.getByRole('button', { name: label('确定') }).click();
    await form.waitFor({ state: 'hidden' });
    const row = rowOf(page, 'E2E 说明书');
    await row.waitFor();

    const [link] = await api<ShortUrl[]>(page, 'GET', '/system/short_url?keywords=E2E');
    expect(link.code).toMatch(/^[0-9A-Za-z]{6,}$/);
    expect(link.short_url).toBe(`${app.url}/s/${link.code}`);
    expect(await row.innerText()).toContain(link.short_url);

    // 二维码: the preview, then the PNG and the SVG as the server made them
    await row.getByRole('button', { name: label('二维码') }).click();
    const dialog = page.getByRole('dialog', { name: `二维码: ${link.code}` });
    const preview = dialog.getByRole('img', { name: `短链接 ${link.code} 的二维码` });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
    const png = await downloaded(page, () => dialog.getByRole('button', { name: label('下载 PNG') }).click());
    expect(png.name).toBe(`${link.code}.png`);
    expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const svg = await downloaded(page, () => dialog.getByRole('button', { name: label('下载 SVG') }).click());
    expect(svg.bytes.toString('utf8')).toContain('<svg');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // following the link in the browser lands on its target and is counted once
    const visitor = await page.context().newPage();
    await visitor.goto(link.short_url);
    await visitor.waitForURL(target);
    await visitor.close();
    await expect.poll(async () => (await api<ShortUrl>(page, 'GET', `/system/short_url/${link.id}`)).visits).toBe(1);

    // a disabled link says so in Chinese
    await api(page, 'PUT', `/system/short_url/${link.id}`, { enabled: false });
    const gone = await fetch(link.short_url, { redirect: 'manual' });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('链接已停用');
    expect(problems).toEqual([]);
  });
});

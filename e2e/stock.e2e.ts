import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACTION } from '@gw/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchProblems } from './browser.js';
import { api, choose, consoleUnderTest, label, pick, settled } from './console.js';
import { sheetRows } from './xlsx.js';

const GOODS = '库存网关 E2E';
const CUSTOMER = '华北机床 E2E';
const SERIALS = ['STK-E2E-0001', 'STK-E2E-0002', 'STK-E2E-0003', 'STK-E2E-0004', 'STK-E2E-0005'];
const SHIPPED = SERIALS.slice(0, 3);
const USER = 'huabei-ops';
const PASSWORD = 'huabei-pass-1';

/** Answers the open confirmation of a row action with 确定, until it has closed (it may still be placing itself). */
async function confirmPopup(page: Page): Promise<void> {
  const popup = page.locator('.ant-popover:not(.ant-popover-hidden)');
  await popup.getByRole('button', { name: label('确定') }).click();
  await popup.waitFor({ state: 'hidden' });
}

/** Saves the download a click starts and reads its first sheet. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; rows: string[][] }> {
  const waiting = page.waitForEvent('download');
  await click();
  const download = await waiting;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'gw-e2e-dl-')), download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), rows: await sheetRows(file) };
}

describe('stock and licences in Chromium', () => {
  const app = consoleUnderTest();
  const { signedIn } = app;
  const rowOf = (page: Page, text: string) => page.locator('tbody tr.ant-table-row', { hasText: text });

  it('buys 5 boxes, ships 3 to a customer, licenses one for FANUC × 2: its third FANUC is refused, and the customer sees its 3 boxes, one 已授权', async () => {
    const admin = await signedIn('/manager/buy_order');
    const problems = watchProblems(admin);
    const goods = await api<{ id: number }>(admin, 'POST', '/manager/goods', { name: GOODS, code: 'E2E-STOCK', price: '1280.50' });
    const customer = await api<{ id: number }>(admin, 'POST', '/manager/custom', { company_name: CUSTOMER });
    expect(goods.id).toBeGreaterThan(0);

    // 进货: one line of five boxes, the serials made by 批量生成
    await settled(admin);
    await admin.getByRole('button', { name: label('新增') }).click();
    const buy = admin.getByRole('dialog', { name: '新增进货单' });
    await buy.getByLabel('供应商', { exact: true }).fill('深圳巫迪电子');
    const buyLine = buy.locator('.ant-table-tbody tr').first();
    await pick(admin, buyLine.locator('.ant-select').first(), GOODS);
    await expect.poll(() => buyLine.locator('input').nth(2).inputValue()).toBe('1280.50');
    await buyLine.locator('.ant-input-number-input').first().fill('5');
    await buyLine.getByText('编辑序列号').click();
    const serials = admin.getByRole('dialog', { name: '第 1 行的序列号' });
    await serials.getByLabel('前缀', { exact: true }).fill('STK-E2E-');
    await expect.poll(() => serials.getByLabel('数量', { exact: true }).inputValue()).toBe('5');
    await serials.getByRole('button', { name: label('批量生成') }).click();
    await expect.poll(() => serials.getByLabel('序列号', { exact: true }).inputValue()).toBe(SERIALS.join('\n'));
    await serials.getByRole('button', { name: label('确定') }).click();
    await serials.waitFor({ state: 'hidden' });
    await expect.poll(() => buyLine.innerText()).toContain('5/5');
    await expect.poll(() => buy.getByTestId('order-totals').innerText()).toContain('6402.50');
    await buy.getByRole('button', { name: label('确定') }).click();
    await buy.waitFor({ state: 'hidden' });
    const buyRow = rowOf(admin, '深圳巫迪电子');
    await buyRow.getByText('草稿').waitFor();
    expect(await buyRow.innerText()).toMatch(/JH\d{8}001/);

    await settled(admin);
    await buyRow.getByRole('button', { name: label('确认') }).click();
    await confirmPopup(admin);
    await admin.getByText('5 台设备已入库', { exact: false }).waitFor();
    await buyRow.getByText('已确认').waitFor();

    // the new boxes' identities, once
    const identities = await downloaded(admin, () => buyRow.getByRole('button', { name: '下载设备身份' }).click());
    expect(identities.name).toMatch(/^设备身份-JH\d{8}001\.xlsx$/);
    expect(identities.rows[0]).toEqual(['设备ID', '密钥', '设备类型']);
    expect(identities.rows.slice(1).map((row) => row[0])).toEqual(SERIALS);
    for (const row of identities.rows.slice(1)) expect(row[1]).toMatch(/^[\w-]{24,}$/);
    expect(new Set(identities.rows.slice(1).map((row) => row[1])).size).toBe(5);
    await expect.poll(() => buyRow.getByRole('button', { name: '下载设备身份' }).count()).toBe(0);

    // 出货: three of them to the customer, the serials typed
    await admin.goto(`${app.url}/custom/manager/sell_order`);
    await settled(admin);
    await admin.getByRole('button', { name: label('新增') }).click();
    const sell = admin.getByRole('dialog', { name: '新增出货单' });
    await choose(admin, sell, '客户', CUSTOMER);
    const sellLine = sell.locator('.ant-table-tbody tr').first();
    await pick(admin, sellLine.locator('.ant-select').first(), GOODS);
    await sellLine.locator('.ant-input-number-input').first().fill('3');
    await sellLine.getByText('编辑序列号').click();
    const shipped = admin.getByRole('dialog', { name: '第 1 行的序列号' });
    await shipped.getByLabel('序列号', { exact: true }).fill(SHIPPED.join('\n'));
    await shipped.getByRole('button', { name: label('确定') }).click();
    await shipped.waitFor({ state: 'hidden' });
    await expect.poll(() => sellLine.innerText()).toContain('3/3');
    await sell.getByRole('button', { name: label('确定') }).click();
    await sell.waitFor({ state: 'hidden' });
    const sellRow = rowOf(admin, CUSTOMER);
    await sellRow.getByText('草稿').waitFor();
    await settled(admin);
    await sellRow.getByRole('button', { name: label('确认') }).click();
    await confirmPopup(admin);
    await admin.getByText('3 台设备已出货', { exact: false }).waitFor();
    await sellRow.getByText('已确认').waitFor();

    // its delivery note names the customer and every serial shipped
    const note = await downloaded(admin, () => sellRow.getByRole('button', { name: '送货单' }).click());
    expect(note.name).toMatch(/^送货单-CH\d{8}001\.xlsx$/);
    const noteText = note.rows.flat().join(' ');
    expect(noteText).toContain(CUSTOMER);
    for (const serial of SHIPPED) expect(noteText).toContain(serial);

    // 授权生成: the first shipped box, FANUC × 2, its fingerprint read off its screen
    await admin.goto(`${app.url}/custom/system/gen_license`);
    await settled(admin);
    await admin.getByRole('button', { name: label('新增') }).click();
    const issue = admin.getByRole('dialog', { name: '新增授权' });
    await choose(admin, issue, '网关设备', SERIALS[0]);
    await issue.getByLabel('设备指纹', { exact: true }).fill('fp-stk-1');
    const countLine = issue.locator('.ant-table-tbody tr').first();
    await pick(admin, countLine.locator('.ant-select').first(), 'FANUC 发那科');
    await countLine.locator('.ant-input-number-input').first().fill('2');
    await issue.getByRole('button', { name: label('确定') }).click();
    const certificate = admin.getByRole('dialog', { name: '授权证书' });
    await certificate.getByText(/^eyJ/).first().waitFor();
    await certificate.locator('.ant-modal-footer').getByRole('button', { name: label('关闭') }).click();
    await certificate.waitFor({ state: 'hidden' });
    const licenceRow = rowOf(admin, SERIALS[0]);
    await licenceRow.getByText('正常').waitFor();
    expect(await licenceRow.innerText()).toContain('FANUC 发那科 × 2');

    // three enabled FANUC machine tools on it: the third is past the licence
    const [box] = await api<{ id: number; gateway_id: string }[]>(admin, 'GET', `/device/device?keywords=${SERIALS[0]}`);
    expect(box.gateway_id).toBe(SERIALS[0]);
    await admin.goto(`${app.url}/custom/device/machinetool/${box.id}`);
    for (const code of ['M01', 'M02', 'M03']) {
      await settled(admin);
      await admin.getByRole('button', { name: label('新增') }).click();
      const form = admin.getByRole('dialog', { name: '新增机床' });
      await form.getByLabel('设备编号', { exact: true }).fill(code);
      await choose(admin, form, '类型', 'FANUC 发那科');
      await form.getByRole('button', { name: label('确定') }).click();
      if (code === 'M03') {
        await admin.getByText('当前型号启用数量超出授权数量,授权数量为2', { exact: true }).waitFor();
        // the dialog stays with what was typed
        expect(await form.getByLabel('设备编号', { exact: true }).inputValue()).toBe('M03');
        await form.getByRole('button', { name: label('取消') }).click();
        await form.waitFor({ state: 'hidden' });
      } else {
        await form.waitFor({ state: 'hidden' });
        await rowOf(admin, code).waitFor();
      }
    }
    expect(await admin.locator('tbody tr.ant-table-row').count()).toBe(2);

    // the home page: stock per type from the boxes themselves
    await admin.goto(`${app.url}/custom/dashboard`);
    const stock = admin.locator('.ant-card', { hasText: '库存' }).filter({ has: admin.getByText('在库') });
    await stock.locator('tbody tr', { hasText: GOODS }).waitFor();
    expect(await stock.locator('tbody tr', { hasText: GOODS }).innerText()).toBe([GOODS, '2', '3', '5'].join('\t'));

    // the customer's user
    const role = await api<{ id: number }>(admin, 'POST', '/system/role', {
      name: '客户查看 E2E',
      menus: [{ menu: '/device/device', action: ACTION.query }],
    });
    await api(admin, 'POST', '/system/admin_user', { username: USER, password: PASSWORD, name: '华北运维', customer_id: customer.id, roles: [role.id] });
    // the one failure the page saw is the refused third machine tool
    expect(problems.filter((problem) => !/\b409\b.*\/device\/machine$|\b409 \(Conflict\).*\/device\/machine\)$/.test(problem))).toEqual([]);
    expect(problems.length).toBeGreaterThan(0);
    await admin.context().close();

    const user = await signedIn('/device/device', USER, PASSWORD);
    const seen = watchProblems(user);
    await user.getByText('共 3 条').waitFor();
    await settled(user);
    const rows = await user.locator('tbody tr.ant-table-row').allInnerTexts();
    expect(rows.map((row) => SERIALS.find((serial) => row.includes(serial))).sort()).toEqual(SHIPPED);
    expect(rows.filter((row) => row.includes('已授权')).length).toBe(1);
    expect(await rowOf(user, SERIALS[0]).innerText()).toContain('已授权');
    // 授权许可's 未授权, not 隧道's 未授权 VPN (which the licensed box shows too: its licence has no VPN)
    expect(rows.filter((row) => /未授权(?! VPN)/.test(row)).length).toBe(2);
    expect(seen).toEqual([]);
    await user.context().close();
  });
});

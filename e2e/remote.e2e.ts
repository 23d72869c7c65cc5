import { ROLE_CUSTOMER } from '@gw/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fleet, fingerprintOf, startFleet } from '../packages/simulator/src/index.js';
import { newWgKeyPair } from '../packages/simulator/src/wireguard.js';
import { launchBrowser, openSignedIn, pickFromMenu, watchProblems } from './browser.js';
import { api, choose, label, settled } from './console.js';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server.js';

const BOX = 'E2E-REMOTE-01';
const COMPANY = '华东一厂 远程 E2E';
const PLANT_USER = 'plant-approver';
const PLANT_PASSWORD = 'plant-pass-1';
const CLIENT = 'E2E 笔记本';

/**
 * The hub's settings the platform needs to hand out clients and tunnels. Nothing dials them here: this test is
 * about the console (the hub and its traffic have tests of their own, in network namespaces).
 */
const HUB_ENV = { VPN_ENDPOINT: 'vpn.e2e.invalid:51820', VPN_HUB_PUBLIC_KEY: newWgKeyPair().publicKey, VPN_HUB_TOKEN: 'e2e-hub-token-0123456789abcdef0123456789' };

const rowOf = (page: Page, text: string) => page.locator('tbody tr.ant-table-row', { hasText: text });

/** Clicks a row's action: one of its buttons, or the item under its 更多. */
async function rowAction(page: Page, row: Locator, name: string) {
  const button = row.getByRole('button', { name: label(name) });
  if (await button.count()) return button.click();
  await pickFromMenu(row.getByRole('button', { name: /更多/ }), page.getByRole('menuitem', { name }));
}

describe('remote access in Chromium: 调试代理, 远程访问 on a box, 远程会话 approved by the factory and ended', () => {
  let server: RunningServer;
  let browser: Browser;
  let fleet: Fleet | undefined;
  let admin: Page;
  let deviceId: number;

  beforeAll(async () => {
    server = await startServer(undefined, HUB_ENV);
    browser = await launchBrowser();
    admin = await openSignedIn(browser, `${server.url}/custom/dashboard`, 'admin', ADMIN_PASSWORD);
    // a factory that wants to approve remote access to its boxes, its approver under the built-in 客户 role
    const company = await api<{ id: number }>(admin, 'POST', '/manager/custom', { company_name: COMPANY, remote_approval: true });
    await api(admin, 'POST', '/system/admin_user', { username: PLANT_USER, password: PLANT_PASSWORD, name: '一厂审批人', customer_id: company.id, roles: [ROLE_CUSTOMER] });
    // its box: a VPN licence, a machine tool, and online so that it reports its WireGuard key
    const goods = await api<{ id: number }>(admin, 'POST', '/manager/goods', { name: '边缘网关 远程 E2E', code: 'E2E-REMOTE' });
    const box = await api<{ id: number; secret: string }>(admin, 'POST', '/device/device', { gateway_id: BOX, name: '远程测试网关', goods_id: goods.id, fingerprint: fingerprintOf(BOX) });
    deviceId = box.id;
    await api(admin, 'POST', '/device/device/assign', { ids: [box.id], customer_id: company.id });
    await api(admin, 'POST', '/system/license', { device_id: box.id, type: 'business', vpn: true, count: [{ model: 'all', count: 5 }] });
    await api(admin, 'POST', '/device/machine', { device_id: box.id, code: 'M01', name: '立式加工中心', category: 'fanuc', model: '0i-MF' });
    fleet = startFleet({
      identities: [{ gateway_id: BOX, secret: box.secret, machines: [{ code: 'M01', category: 'fanuc' }], fingerprint: fingerprintOf(BOX) }],
      url: `${server.url.replace(/^http/, 'ws')}/custom/mqtt`,
      rate: 0.2,
    });
    await fleet.connected();
    // the box's key is bound: its tunnel is handed out (等待网关确认 or later), so 远程访问 is offered
    // (a loop of its own: expect.poll belongs inside a test)
    const bound = async () => /pending|applied|connected/.test((await api<{ tunnel_state: string }>(admin, 'GET', `/device/device/${deviceId}`)).tunnel_state);
    for (const until = Date.now() + 30_000; !(await bound()); await admin.waitForTimeout(500)) {
      if (Date.now() > until) throw new Error(`${BOX} did not report its WireGuard key within 30 s`);
    }
  }, 300_000);
  afterAll(async () => {
    await fleet?.stop();
    await browser?.close();
    await server?.stop();
  });

  it('the vendor makes a client, asks for a session on the factory’s box; the factory approves it; it runs and is ended', { timeout: 300_000 }, async () => {
    const problems = watchProblems(admin);

    // 调试代理: a client with a key pair the platform makes, its config and QR code shown once
    await admin.goto(`${server.url}/custom/system/debug_client`);
    await settled(admin);
    await admin.getByRole('button', { name: label('新增') }).click();
    const form = admin.getByRole('dialog', { name: '新增调试代理' });
    await form.getByLabel('名称').fill(CLIENT);
    await form.getByText('留空则由平台生成密钥对').waitFor();
    await form.getByRole('button', { name: label('确定') }).click();
    const shown = admin.getByRole('dialog', { name: `客户端配置 · ${CLIENT}` });
    await shown.getByText(/只显示这一次/).waitFor();
    const config = await shown.getByLabel('WireGuard 配置').innerText();
    expect(config).toMatch(/PrivateKey = [A-Za-z0-9+/]{43}=/);
    expect(config).toContain(`PublicKey = ${HUB_ENV.VPN_HUB_PUBLIC_KEY}`);
    expect(config).toContain('Endpoint = vpn.e2e.invalid:51820');
    const qr = shown.getByAltText('WireGuard 配置二维码');
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shown.getByRole('button', { name: label('我已保存') }).click();
    expect(await rowOf(admin, CLIENT).innerText()).toContain('未连接');

    // 远程访问 on the box's row: the factory requires approval, so the session waits for it
    await admin.goto(`${server.url}/custom/device/device`);
    await settled(admin);
    await rowAction(admin, rowOf(admin, BOX), '远程访问');
    const ask = admin.getByRole('dialog', { name: '远程访问 · 远程测试网关' });
    await choose(admin, ask, '客户端', CLIENT);
    expect(await ask.getByLabel('整台设备的全部机床').isChecked()).toBe(true);
    await ask.getByRole('button', { name: label('开通') }).click();
    await ask.getByText(`已提交, 等待 ${COMPANY} 审批`).waitFor();
    await ask.getByRole('link', { name: '查看 远程会话' }).click();
    await admin.waitForURL(/\/custom\/system\/remote_session/);
    await settled(admin);
    const session = rowOf(admin, BOX);
    await session.getByText('待审批').waitFor();
    // the vendor's staff do not decide for the factory
    expect(await session.getByRole('button', { name: label('审批通过') }).count()).toBe(0);
    // a marker that a reload would wipe: what follows reaches this page without one
    await admin.evaluate(() => Object.assign(window, { sameLoad: true }));

    // the factory's approver sees it waiting and approves it
    const plant = await openSignedIn(browser, `${server.url}/custom/system/remote_session`, PLANT_USER, PLANT_PASSWORD);
    const plantProblems = watchProblems(plant);
    await settled(plant);
    const waiting = rowOf(plant, BOX);
    await waiting.getByText('待审批').waitFor();
    await rowAction(plant, waiting, '审批通过');
    await waiting.getByText('进行中').waitFor();

    // the requester's list turns 进行中 by itself, with its expiry
    await session.getByText('进行中').waitFor({ timeout: 20_000 });
    expect(await admin.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
    expect(await session.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

    // 结束 ends it at once, for whoever looks
    await rowAction(admin, session, '结束');
    await admin.locator('.ant-popover', { hasText: '结束后该客户端立即无法访问设备' }).getByRole('button', { name: label('确定') }).click();
    await session.getByText('已结束').waitFor();
    expect(await session.innerText()).toContain('手动结束');
    await waiting.getByText('已结束').waitFor({ timeout: 20_000 });

    await plant.context().close();
    expect(plantProblems).toEqual([]);
    expect(problems).toEqual([]);
  });
});

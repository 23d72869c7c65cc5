import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type Fleet, provisionFleet, startFleet } from '../packages/simulator/src/index.js';
import { watchProblems } from './browser.js';
import { consoleUnderTest, label, settled } from './console.js';
import { ADMIN_PASSWORD } from './server.js';

describe('box connectivity in Chromium', () => {
  const app = consoleUnderTest();
  const rowOf = (page: Page, text: string) => page.locator('tbody tr.ant-table-row', { hasText: text });
  let fleet: Fleet | undefined;
  afterAll(async () => {
    await fleet?.stop();
  });

  it('5 simulated boxes turn green without a reload, one stopped turns grey; 实时数据 changes; 远程调试 asks a box', async () => {
    const { identities, publicKeyPem } = await provisionFleet({ api: app.url, user: 'admin', password: ADMIN_PASSWORD, boxes: 5, prefix: 'E2E-SIM' });
    const ids = identities.map((box) => box.gateway_id);
    const admin = await app.signedIn('/device/device');
    const problems = watchProblems(admin);
    await settled(admin);
    for (const id of ids) expect(await rowOf(admin, id).innerText()).toContain('离线');
    // a marker that a reload would wipe: everything below happens on this one page load
    await admin.evaluate(() => Object.assign(window, { sameLoad: true }));

    fleet = startFleet({ identities, url: `${app.url.replace(/^http/, 'ws')}/custom/mqtt`, rate: 2, publicKeyPem });
    await fleet.connected();
    for (const id of ids) await rowOf(admin, id).getByText('在线', { exact: true }).waitFor();

    // one box leaves: its dot turns grey, the others stay green
    await fleet.boxes[0].stop();
    await rowOf(admin, ids[0]).getByText('离线', { exact: true }).waitFor();
    for (const id of ids.slice(1)) expect(await rowOf(admin, id).innerText()).toContain('在线');
    expect(await admin.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);

    // 实时数据 of a running box: its values move while the tab is open
    await rowOf(admin, ids[1]).getByRole('button', { name: label('详情') }).click();
    const drawer = admin.locator('.ant-drawer', { hasText: `设备详情: ${ids[1]}` });
    await drawer.getByRole('tab', { name: '实时数据' }).click();
    await drawer.getByText('实际转速').first().waitFor();
    const values = drawer.locator('.ant-card').first();
    const first = await values.innerText();
    await expect.poll(() => values.innerText(), { timeout: 20_000 }).not.toBe(first);

    // 上下线记录 of the stopped box: online, then offline
    await drawer.locator('.ant-drawer-close').click();
    await rowOf(admin, ids[0]).getByRole('button', { name: label('详情') }).click();
    const stopped = admin.locator('.ant-drawer', { hasText: `设备详情: ${ids[0]}` });
    await stopped.getByRole('tab', { name: '上下线记录' }).click();
    const log = stopped.locator('tbody tr.ant-table-row', { hasText: /上线|下线/ });
    await expect.poll(() => log.count()).toBe(2);
    expect(await log.first().innerText()).toContain('下线');
    expect(await log.last().innerText()).toContain('上线');
    await stopped.locator('.ant-drawer-close').click();

    // 远程调试, the box drawer's tab: a session on the box, GET /api/info answered with the box's version
    await rowOf(admin, ids[2]).getByRole('button', { name: label('详情') }).click();
    const debugged = admin.locator('.ant-drawer', { hasText: `设备详情: ${ids[2]}` });
    await debugged.getByRole('tab', { name: '远程调试' }).click();
    await debugged.getByRole('button', { name: label('新建会话') }).click();
    const session = admin.locator('.ant-drawer', { hasText: '调试会话' });
    await session.getByText('还没有发送指令').waitFor();
    await session.getByPlaceholder('/api/info').fill('/api/info');
    await session.getByRole('button', { name: label('发送') }).click();
    await session.getByText('2.4.1-sim', { exact: false }).first().waitFor();
    expect(problems).toEqual([]);
  });
});

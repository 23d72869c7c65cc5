import type { Device, MachineTool } from '@gw/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { type Fleet, provisionFleet, startFleet } from '../packages/simulator/src/index.js';
import { watchProblems } from './browser.js';
import { api, consoleUnderTest, settled } from './console.js';
import { ADMIN_PASSWORD } from './server.js';

describe('machine views and the map in Chromium', () => {
  const app = consoleUnderTest();
  let fleet: Fleet | undefined;
  afterAll(async () => {
    await fleet?.stop();
  });

  it("home page counts every machine tool, a machine's page moves and shows today's bands, the map shows the boxes", async () => {
    const { identities, publicKeyPem } = await provisionFleet({ api: app.url, user: 'admin', password: ADMIN_PASSWORD, boxes: 4, prefix: 'E2E-MAP' });
    fleet = startFleet({ identities, url: `${app.url.replace(/^http/, 'ws')}/custom/mqtt`, rate: 2, publicKeyPem });
    await fleet.connected();

    const page = await app.signedIn('/dashboard');
    const problems = watchProblems(page);
    // two boxes in 广州 by their address, two in 杭州
    const boxes = await api<Device[]>(page, 'GET', '/device/device?keywords=E2E-MAP&limit=10');
    for (const [i, box] of boxes.entries()) {
      await api(page, 'PUT', `/device/device/${box.id}`, { address: i % 2 ? '杭州|120.15|30.27' : '广州|113.26|23.13' });
    }
    const machines = await api<MachineTool[]>(page, 'GET', '/device/machine?limit=100');

    // 机床状态: every machine tool of the fleet, none left offline once the boxes report
    const states = page.locator('.ant-card', { hasText: '机床状态' });
    await states.getByText(`共 ${machines.length} 台`).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await states.innerText()).match(/离线\s*(\d+)/)?.[1], { timeout: 20_000 }).toBe('0');

    // 机床详情 of a running machine: its values move on the open page, today's bands are drawn
    await page.goto(`${app.url}/custom/device/machine/${machines[0].id}`);
    await settled(page);
    const values = page.locator('.ant-card').first();
    await values.getByText('实际转速').waitFor({ timeout: 20_000 });
    const first = await values.innerText();
    await expect.poll(() => values.innerText(), { timeout: 20_000 }).not.toBe(first);
    const timeline = page.locator('.ant-card', { hasText: '状态时间线' });
    await timeline.locator('[data-drawn="true"]').waitFor();
    expect(await timeline.innerText()).toMatch(/运行\s*\d+ (秒|分)/);

    // GIS 地图: the four boxes placed, as bubbles of the whole country
    await page.goto(`${app.url}/custom/device/gis`);
    await page.getByText('共 4 台设备', { exact: true }).waitFor({ timeout: 20_000 });
    await page.locator('[data-points] [data-drawn="true"]').waitFor({ timeout: 20_000 });
    expect(Number(await page.locator('[data-points]').getAttribute('data-points'))).toBe(4);
    expect(problems).toEqual([]);
  });
});

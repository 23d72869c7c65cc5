import { type Device, MACHINE_STATES, type MachineTool } from '@gw/contracts';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type Fleet, provisionFleet, startFleet } from '../packages/simulator/src/index.js';
import { watchProblems } from './browser.js';
import { api, consoleUnderTest, listCount, pick, settled } from './console.js';
import { ADMIN_PASSWORD } from './server.js';

const BOXES = 20;
const PREFIX = 'E2E-MAP';
const COMPANY = 'E2E 地图客户';

/** The number a card of 机床状态 shows for `state`. */
const stateCount = async (page: Page, state: string) =>
  Number((await page.getByTestId(`machine-state-${state}`).innerText()).match(/\d+/)?.[0] ?? NaN);

describe('machine views and the map in Chromium', () => {
  const app = consoleUnderTest();
  let fleet: Fleet | undefined;
  afterAll(async () => {
    await fleet?.stop();
  });

  it(`with ${BOXES} simulated boxes: 机床状态 counts the machine list, a machine's page moves and shows today's bands, the map shows the boxes and a click opens one`, async () => {
    const { identities, publicKeyPem } = await provisionFleet({ api: app.url, user: 'admin', password: ADMIN_PASSWORD, boxes: BOXES, prefix: PREFIX });
    // a message every half second per box: values move within a poll's wait
    fleet = startFleet({ identities, url: `${app.url.replace(/^http/, 'ws')}/custom/mqtt`, rate: 2, publicKeyPem });
    await fleet.connected();

    const page = await app.signedIn('/dashboard');
    const problems = watchProblems(page);
    // the boxes in 广州 and 杭州 by their address; the first one is the only box of a company of its own
    const boxes = await api<Device[]>(page, 'GET', `/device/device?keywords=${PREFIX}&limit=100`);
    expect(boxes).toHaveLength(BOXES);
    for (const [i, box] of boxes.entries()) {
      await api(page, 'PUT', `/device/device/${box.id}`, { address: i % 2 ? '杭州|120.15|30.27' : '广州|113.26|23.13' });
    }
    const lone = boxes.find((box) => box.gateway_id === `${PREFIX}-0001`)!;
    const company = await api<{ id: number }>(page, 'POST', '/manager/custom', { company_name: COMPANY });
    await api(page, 'POST', '/device/device/assign', { ids: [lone.id], customer_id: company.id });

    // 机床状态 counts what the machine tool list holds (enabled, as the card counts), none left offline once the boxes report
    const listed = await listCount(page, '/device/machine?enabled=true&limit=1');
    expect(listed).toBeGreaterThanOrEqual(BOXES);
    const states = page.locator('.ant-card', { hasText: '机床状态' });
    await states.getByText(`共 ${listed} 台`).waitFor({ timeout: 20_000 });
    await expect.poll(() => stateCount(page, 'offline'), { timeout: 20_000 }).toBe(0);
    const counts = await Promise.all(MACHINE_STATES.map((state) => stateCount(page, state)));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(listed);

    // 机床详情 of a running machine: its values move on the open page, today's bands are drawn
    const [machine] = await api<MachineTool[]>(page, 'GET', `/device/machine?device_id=${lone.id}&limit=1`);
    await page.goto(`${app.url}/custom/device/machine/${machine.id}`);
    await settled(page);
    const values = page.locator('.ant-card').first();
    await values.getByText('实际转速').waitFor({ timeout: 20_000 });
    const first = await values.innerText();
    await expect.poll(() => values.innerText(), { timeout: 20_000 }).not.toBe(first);
    const timeline = page.locator('.ant-card', { hasText: '状态时间线' });
    await timeline.locator('[data-drawn="true"]').waitFor();
    expect(await timeline.innerText()).toMatch(/运行\s*\d+ (秒|分)/);

    // GIS 地图: every box placed, as bubbles of the whole country
    await page.goto(`${app.url}/custom/device/gis`);
    await page.getByText(`共 ${BOXES} 台设备`, { exact: true }).waitFor({ timeout: 20_000 });
    const map = page.locator('[data-points]');
    await map.locator('[data-drawn="true"]').waitFor({ timeout: 20_000 });
    expect(Number(await map.getAttribute('data-points'))).toBe(BOXES);

    // the company chosen, the map turns to its one box, a point in the middle: pointed at it names its state, a click opens it
    await pick(page, page.locator('.ant-select', { has: page.getByRole('combobox', { name: '公司' }) }), COMPANY);
    await page.getByText('共 1 台设备', { exact: true }).waitFor({ timeout: 20_000 });
    const canvas = (await map.locator('canvas').first().boundingBox())!;
    const middle = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 };
    const tip = page.getByText(/点击查看详情/);
    await expect
      .poll(
        async () => {
          // a move each time, so the chart looks again under the pointer once the point is drawn
          await page.mouse.move(middle.x + 1, middle.y);
          await page.mouse.move(middle.x, middle.y);
          return tip.isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.mouse.click(middle.x, middle.y);
    await page.getByText(`设备详情: ${lone.gateway_id}`).waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
    // 20 boxes to provision and connect: more than a browser test's usual minute on a loaded machine
  }, 150_000);
});

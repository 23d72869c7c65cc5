import { createHash, randomBytes } from 'node:crypto';
import type { Device } from '@gw/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { type Fleet, provisionFleet, startFleet } from '../packages/simulator/src/index.js';
import { watchProblems } from './browser.js';
import { api, choose, consoleUnderTest, label, pick, settled } from './console.js';
import { ADMIN_PASSWORD } from './server.js';

const BOXES = 20;
const PREFIX = 'E2E-FW';
const TAG = 'E2E 升级组';
const FROM = '1.0.0';
const TO = '1.1.0';

describe('firmware in Chromium', () => {
  const app = consoleUnderTest();
  let fleet: Fleet | undefined;
  afterAll(async () => {
    await fleet?.stop();
  });

  it(`uploads a release, publishes it, rolls it out to a tag of ${BOXES} simulated boxes and the bar reaches 100 %`, async () => {
    const { identities, publicKeyPem } = await provisionFleet({ api: app.url, user: 'admin', password: ADMIN_PASSWORD, boxes: BOXES, prefix: PREFIX });
    fleet = startFleet({
      identities,
      url: `${app.url.replace(/^http/, 'ws')}/custom/mqtt`,
      rate: 0.05,
      publicKeyPem,
      version: FROM,
      backoffMs: 200,
      maxBackoffMs: 2000,
      ota: { rebootMs: 300 },
    });
    await fleet.connected();

    const page = await app.signedIn('/system/version');
    const problems = watchProblems(page);
    // the boxes under one tag (what the 网关设备 page does with 打标签)
    const boxes = await api<Device[]>(page, 'GET', `/device/device?keywords=${PREFIX}&limit=100`);
    expect(boxes).toHaveLength(BOXES);
    const tag = await api<{ id: number }>(page, 'POST', '/manager/tag', { name: TAG, color: 'blue' });
    await api(page, 'POST', '/device/device/tag', { ids: boxes.map((box) => box.id), tag_ids: [tag.id], mode: 'add' });
    const goods = boxes[0].goods_name ?? '';
    expect(goods).not.toBe('');

    // 新增 a release: the file uploaded at once, its SHA-256 shown as the server computed it
    const file = randomBytes(256 * 1024);
    const sha256 = createHash('sha256').update(file).digest('hex');
    await settled(page);
    await page.getByRole('button', { name: label('新增') }).click();
    const form = page.locator('.ant-modal', { hasText: '新增固件版本' });
    await form.getByLabel('版本号').fill(TO);
    await choose(page, form, '适用设备类型', goods);
    await form.locator('input[type=file]').setInputFiles({ name: `fw-${TO}.bin`, mimeType: 'application/octet-stream', buffer: file });
    await form.getByText(sha256).waitFor({ timeout: 20_000 });
    await form.getByText('256 KB').waitFor();
    await form.getByRole('button', { name: label('确定') }).click();
    await form.waitFor({ state: 'hidden', timeout: 20_000 });

    // 发布 after its confirmation: the row turns 已发布
    const row = page.locator('tr', { hasText: `fw-${TO}.bin` });
    await row.getByText('草稿').waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: label('发布') }).click();
    await page.locator('.ant-popover', { hasText: '发布后即可推送到设备' }).getByRole('button', { name: label('确定') }).click();
    await row.getByText('已发布').waitFor({ timeout: 20_000 });

    // 推送 to the tag, batches of 10: the rollout's page opens
    await row.getByRole('button', { name: label('推送') }).click();
    const dialog = page.locator('.ant-modal', { hasText: '新建固件推送' });
    await dialog.getByText('设备标签', { exact: true }).click();
    // the target's picker (its form field is target_ids), shown once the kind is 设备标签
    await dialog.getByText('选择设备标签').waitFor();
    await pick(page, dialog.locator('.ant-select', { has: page.locator('#target_ids') }), TAG);
    await dialog.getByLabel('每批数量').fill('10');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await page.waitForURL(/\/custom\/system\/rollout\/\d+$/, { timeout: 20_000 });
    await page.getByText(`固件推送 #`).waitFor({ timeout: 20_000 });
    await page.getByText('设备标签: ' + TAG).waitFor();

    // the bar moves live until every box is through: the page is never reloaded (a mark left on it stays)
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const bar = page.getByTestId('rollout-progress');
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 120_000, interval: 250 }).toBe(100);
    expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    await expect.poll(() => page.getByTestId('rollout-count-done').innerText()).toMatch(new RegExp(`\\b${BOXES}\\b`));
    expect(await page.getByTestId('rollout-count-failed').innerText()).toMatch(/\b0\b/);
    await page.getByText('已完成').first().waitFor();
    expect(await bar.innerText()).toContain(`${BOXES} / ${BOXES}`);

    // and the boxes run the new version
    const after = await api<Device[]>(page, 'GET', `/device/device?keywords=${PREFIX}&limit=100`);
    expect(new Set(after.map((box) => box.firmware_version))).toEqual(new Set([TO]));
    expect(problems).toEqual([]);
    // 20 boxes to provision, connect and update: more than a browser test's usual minute on a loaded machine
  }, 300_000);
});

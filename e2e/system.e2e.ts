import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage, openSignedIn } from './browser.js';
import { label } from './console.js';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './server.js';
import { filledIn, sheetRows } from './xlsx.js';

describe('system administration in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const signedIn = (path: string, user = 'admin', password = ADMIN_PASSWORD) => openSignedIn(browser, `${server.url}/custom${path}`, user, password);
  const sidebarOf = (page: Page) => page.locator('aside[aria-label="侧边栏"]');
  /** The list has its rows (antd blurs a loading table and it takes no clicks). */
  const settled = (page: Page) => expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('gives a new role only 查询 on 操作日志: its user sees that page alone, without writes or export', async () => {
    const ROLE = '日志查看员';
    const USER = 'auditor';
    const PASSWORD = 'auditor-pass';
    const admin = await signedIn('/system/role');

    await admin.getByRole('button', { name: label('新增') }).click();
    const roleForm = admin.getByRole('dialog', { name: '新增角色' });
    await roleForm.getByLabel('角色名称').fill(ROLE);
    await roleForm.getByRole('button', { name: label('确定') }).click();
    await roleForm.waitFor({ state: 'hidden' });

    await admin.locator('tr', { hasText: ROLE }).getByRole('button', { name: label('权限') }).click();
    const grants = admin.getByRole('dialog', { name: `设置权限: ${ROLE}` });
    await grants.getByRole('checkbox', { name: '操作日志 查询', exact: true }).check();
    // that one box is all: its group shows mixed, no other box is ticked
    await expect.poll(() => grants.getByRole('checkbox', { checked: true }).count()).toBe(1);
    expect(await grants.getByRole('checkbox', { name: '操作日志 导出', exact: true }).isChecked()).toBe(false);
    await grants.getByRole('button', { name: label('确定') }).click();
    await grants.waitFor({ state: 'hidden' });

    await sidebarOf(admin).getByText('管理员', { exact: true }).click();
    await admin.waitForURL('**/custom/system/admin_user**');
    await admin.getByRole('button', { name: label('新增') }).click();
    const userForm = admin.getByRole('dialog', { name: '新增用户' });
    await userForm.getByLabel('用户名', { exact: true }).fill(USER);
    // the platform's own company: its users see every company's records
    await userForm.getByLabel('所属公司', { exact: true }).click();
    await admin.locator('.ant-select-item-option', { hasText: '平台运营方' }).click();
    await userForm.getByLabel('角色', { exact: true }).click();
    await admin.locator('.ant-select-item-option', { hasText: ROLE }).click();
    // typing the password also closes the role dropdown
    await userForm.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await userForm.getByRole('button', { name: label('确定') }).click();
    await userForm.waitFor({ state: 'hidden' });
    await admin.locator('tbody tr', { hasText: USER }).getByText(ROLE, { exact: true }).waitFor();
    await admin.context().close();

    const user = await signedIn('/dashboard', USER, PASSWORD);
    const sidebar = sidebarOf(user);
    // the system group has one visible child for this user, so it collapses into that child
    await expect.poll(() => sidebar.getByRole('menuitem').allInnerTexts()).toEqual(['首页', '操作日志']);
    await sidebar.getByText('操作日志').click();
    await user.waitForURL('**/custom/system/log**');
    // the administrator's changes are there to read, each with its 详情
    const userCreated = user.locator('tbody tr', { hasText: '管理员' }).filter({ hasText: '增加' }).first();
    await userCreated.getByRole('button', { name: label('详情') }).waitFor();
    expect(await userCreated.innerText()).toContain('admin');
    await settled(user);
    for (const text of ['新增', '批量删除', '导出', '导入', '删除']) {
      expect(await user.getByRole('button', { name: label(text) }).count(), text).toBe(0);
    }

    const answers = await user.evaluate(async () => {
      const headers = { TOKEN: localStorage.getItem('Custom-Token') ?? '', 'content-type': 'application/json' };
      const call = async (method: string, url: string, body?: string) => {
        const res = await fetch(url, { method, headers, body });
        return { status: res.status, message: ((await res.json()) as { message: string }).message };
      };
      return { list: await call('GET', '/custom/api/v1/system/log'), export: await call('POST', '/custom/api/v1/system/log/export', '{}') };
    });
    expect(answers.list.status).toBe(200);
    expect(answers.export).toEqual({ status: 401, message: '您没有权限访问' });
    await user.context().close();
  });

  it('exports the filtered 登录日志 and downloads it from 导出管理 as an xlsx of those rows', async () => {
    const GHOST = 'ghost-exporter';
    const gate = await newPage(browser);
    await gate.goto(`${server.url}/custom/login`);
    for (let attempt = 0; attempt < 2; attempt++) {
      const answered = gate.waitForResponse((res) => res.url().includes('/user/login'));
      await login(gate, GHOST, 'not-a-password');
      await answered;
    }
    await gate.getByRole('alert').getByText('密码错误').first().waitFor();
    await gate.context().close();

    const page = await signedIn('/system/login_log');
    await page.getByPlaceholder('请输入关键词').fill(GHOST);
    await page.getByPlaceholder('请输入关键词').press('Enter');
    await page.getByText('共 2 条').waitFor();
    await settled(page);
    expect(await page.locator('tbody tr', { hasText: GHOST }).count()).toBe(2);
    // each row shows when it happened, as the console writes times
    expect(await page.locator('tbody tr', { hasText: GHOST }).first().innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

    await page.getByRole('button', { name: label('导出') }).click();
    await page.getByText('已创建导出任务,请到导出管理下载').waitFor();

    await page.goto(`${server.url}/custom/manager/export`);
    const job = page.locator('tbody tr', { hasText: '登录日志' });
    // the page refreshes itself while the job is queued or running
    await job.getByText('完成', { exact: true }).waitFor({ timeout: 45_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), job.getByRole('button', { name: label('下载') }).click()]);
    expect(download.suggestedFilename()).toMatch(/^登录日志_\d{8}_\d{6}\.xlsx$/);

    const rows = await sheetRows(await download.path());
    expect(rows[0]).toEqual(['时间', '公司', '用户', 'IP', '浏览器与系统', '结果', '原因']);
    expect(rows.slice(1).map((row) => [row[2], row[5], row[6]])).toEqual([
      [GHOST, '失败', '密码错误'],
      [GHOST, '失败', '密码错误'],
    ]);
    await page.context().close();
  });

  it('imports a filled-in template with one bad row: saves the others, lists them and hands back the bad row with its reason', async () => {
    const page = await signedIn('/system/config');
    await settled(page);
    await page.getByRole('button', { name: label('导入') }).click();
    const dialog = page.getByRole('dialog', { name: '导入配置' });
    const [template] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: label('下载模板') }).click()]);
    expect(template.suggestedFilename()).toBe('配置导入模板.xlsx');
    const templatePath = await template.path();
    expect(await sheetRows(templatePath)).toEqual([['配置键', '配置值', '描述', '公开']]);

    const file = await filledIn(templatePath, [
      ['e2e.alpha', '甲', '第一项', '是'],
      ['Bad Key', '乙', '键不合规'],
      ['e2e.beta', '丙', '', '否'],
    ]);
    await dialog.locator('input[type=file]').setInputFiles({ name: '配置.xlsx', mimeType: 'application/octet-stream', buffer: file });
    await dialog.getByText('成功导入 2 条, 失败 1 条').waitFor({ timeout: 30_000 });

    const [failures] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: label('下载失败记录') }).click()]);
    expect(failures.suggestedFilename()).toBe('配置导入失败记录.xlsx');
    const failed = await sheetRows(await failures.path());
    expect(failed[0]).toEqual(['配置键', '配置值', '描述', '公开', '失败原因']);
    expect(failed.slice(1).map((row) => row.slice(0, 3))).toEqual([['Bad Key', '乙', '键不合规']]);
    expect(failed[1][4]).toMatch(/^配置键: 配置键只能包含小写字母/);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await settled(page);
    const alpha = page.locator('tbody tr', { hasText: 'e2e.alpha' });
    await alpha.waitFor();
    expect(await alpha.innerText()).toContain('第一项');
    expect(await page.locator('tbody tr', { hasText: 'e2e.beta' }).count()).toBe(1);
    expect(await page.locator('tbody tr', { hasText: 'Bad Key' }).count()).toBe(0);
    await page.context().close();
  });
});

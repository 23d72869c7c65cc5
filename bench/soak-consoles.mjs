// The two consoles of the soak (bench/soak.mjs) on live pages: either two headless Chromium tabs signed in
// through the login form (首页, whose 机床状态 refetches on machine state events, and 机床详情 of one machine
// tool, which watches its box's realtime values), or — where two browsers are too heavy — two clients of the
// live channel that the same pages use (a WebSocket on /custom/api/v1/live, one watching the same box).
import { chromium } from 'playwright-core';
import WebSocket from 'ws';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * A console: `frames` counts the live channel's messages it has received (to show it stayed live), `problems`
 * lists what a user with the developer tools open would see go wrong, `heapMiB()` the tab's JS heap (browsers
 * only, else NaN), `close()`.
 */
function watchPage(page, name) {
  const state = { name, frames: 0, problems: [] };
  const problems = state.problems;
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${name}: console error: ${m.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`${name}: uncaught: ${err.message}`));
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText ?? '';
    // a request still in flight when the page navigates or closes is aborted by the browser, not failed
    if (reason !== 'net::ERR_ABORTED') problems.push(`${name}: failed: ${req.method()} ${req.url()} ${reason}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`${name}: HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/custom/api/v1/live')) return;
    ws.on('framereceived', () => state.frames++);
    ws.on('close', () => problems.push(`${name}: live channel closed`));
  });
  return state;
}

/** Signs in through the form at `path` (the console sends it to login first) and waits until the page is left. */
async function signIn(page, url, path, password) {
  await page.goto(`${url}/custom${path}`, { timeout: 120_000 });
  await page.getByPlaceholder('用户名').fill('admin');
  await page.getByPlaceholder('密码').fill(password);
  await page.getByPlaceholder('验证码').fill('0000');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((at) => !at.pathname.startsWith('/custom/login'), { timeout: 120_000 });
}

/**
 * Two Chromium tabs (own contexts, as two people) on 首页 and on 机床详情 of machine tool `machineId`, each
 * resolved once its page stands (before any telemetry: 机床详情's values come with the first message).
 */
export async function openBrowserConsoles({ url, password, machineId }) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const consoles = [];
  for (const [name, path, ready] of [
    ['首页', '/dashboard', (page) => page.locator('.ant-card', { hasText: '机床状态' }).locator('[data-drawn="true"]').waitFor({ timeout: 120_000 })],
    ['机床详情', `/device/machine/${machineId}`, (page) => page.locator('.ant-card-head-title', { hasText: '状态时间线' }).waitFor({ timeout: 120_000 })],
  ]) {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const state = watchPage(page, name);
    await signIn(page, url, path, password);
    await ready(page);
    consoles.push({
      name,
      problems: state.problems,
      get frames() {
        return state.frames;
      },
      // Chromium's non-standard performance.memory: the tab's JS heap, to see the console itself stay flat
      heapMiB: () => page.evaluate(() => performance.memory?.usedJSHeapSize / 2 ** 20).catch(() => Number.NaN),
      /** What the page shows of the live values now (text of its first card), to see them still moving. */
      shown: () => page.locator('.ant-card').first().innerText().catch(() => ''),
    });
  }
  return {
    kind: 'two Chromium tabs (首页 and 机床详情)',
    consoles,
    close: () => browser.close(),
  };
}

/** Two clients of the live channel, signed in with `token`; the second watches box `deviceId` as 机床详情 does. */
export async function openChannelConsoles({ url, token, deviceId }) {
  const consoles = [];
  for (const [name, watch] of [
    ['首页 (channel)', []],
    ['机床详情 (channel)', [deviceId]],
  ]) {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/custom/api/v1/live`);
    await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
    const state = { name, frames: 0, problems: [] };
    socket.on('message', () => state.frames++);
    socket.on('close', (code, reason) => state.closing || state.problems.push(`${name}: live channel closed ${code} ${reason}`));
    socket.send(JSON.stringify({ token }));
    if (watch.length) socket.send(JSON.stringify({ watch }));
    consoles.push({
      get name() {
        return state.name;
      },
      get frames() {
        return state.frames;
      },
      problems: state.problems,
      heapMiB: async () => Number.NaN,
      shown: async () => String(state.frames),
      close: () => ((state.closing = true), socket.close()),
    });
  }
  return {
    kind: 'two live-channel clients (WebSocket, one watching a box)',
    consoles,
    close: async () => consoles.forEach((c) => c.close()),
  };
}

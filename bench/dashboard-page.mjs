// The time to a complete 首页 in headless Chromium, for bench/dashboard.mjs: signed in with a token, from
// navigation until every card of the user's home page is there with its data — no table or card loading, no
// statistic still '-', 机床状态's chart drawn — with every API answer a success. SHOT=<file.png> keeps a picture,
// TRACE=1 prints when each resource loaded.
const CARDS = ['下载专区', '设备统计信息', '机床状态', '今日产量', '今日报警'];
const VENDOR_CARDS = ['即将到期的授权', '库存'];

/** One visit of /custom/dashboard as the holder of `token`: milliseconds from navigation to complete. */
export async function completeDashboard(browser, serverUrl, token, vendor) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    // signed in before the console's first script runs: no login page loading on the way
    await context.addInitScript((t) => localStorage.setItem('Custom-Token', t), token);
    const page = await context.newPage();
    const failures = [];
    const pending = new Set();
    page.on('request', (req) => pending.add(req.url()));
    page.on('requestfinished', (req) => pending.delete(req.url()));
    page.on('requestfailed', (req) => failures.push(`${req.failure()?.errorText} ${req.url()}`));
    page.on('pageerror', (err) => failures.push(`page error: ${err.message}`));
    page.on('response', (res) => {
      if (res.url().includes('/custom/api/') && res.status() !== 200) failures.push(`${res.status()} ${res.url()}`);
    });
    await page.goto(`${serverUrl}/custom/dashboard`);
    const titles = vendor ? [...CARDS, ...VENDOR_CARDS] : CARDS;
    const done = await page
      .waitForFunction(
        (expected) => {
          // what is still missing, kept for the error when it never completes
          const why = (reason) => ((window.__incomplete = reason), null);
          const cards = [...document.querySelectorAll('.ant-card')];
          const shown = new Set(cards.map((c) => c.querySelector('.ant-card-head-title')?.textContent));
          const missing = expected.filter((t) => !shown.has(t));
          if (missing.length) return why(`cards missing: ${missing.join(', ')}`);
          if (document.querySelector('.ant-spin-spinning, .ant-card-loading, .ant-skeleton')) return why('still loading');
          if ([...document.querySelectorAll('.ant-statistic-content-value')].some((v) => v.textContent === '-')) return why('a statistic without data');
          if (!document.querySelector('[data-drawn="true"]')) return why('chart not drawn');
          return performance.now();
        },
        titles,
        { timeout: 120_000, polling: 'raf' },
      )
      .then((h) => h.jsonValue())
      .catch(async (err) => {
        if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT, fullPage: true });
        const state = await page.evaluate(() => `${location.pathname}: ${window.__incomplete}`);
        throw new Error(`the home page never completed (${state}; pending: ${[...pending].join(', ') || 'none'}; failures: ${failures.join(', ') || 'none'}): ${err.message}`);
      });
    if (failures.length) throw new Error(`the home page got failures: ${failures.join(', ')}`);
    if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT, fullPage: true });
    if (process.env.TRACE) {
      const last = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((r) => `${r.name.replace(location.origin, '')} ${r.startTime.toFixed(0)}→${r.responseEnd.toFixed(0)}`),
      );
      console.log(`complete at ${done.toFixed(0)} ms; resources (start→end ms):\n  ${last.join('\n  ')}`);
    }
    return done;
  } finally {
    await context.close();
  }
}

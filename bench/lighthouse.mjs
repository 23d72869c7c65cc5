// The login page as Lighthouse scores it — performance and accessibility, mobile (Lighthouse's default: a mid-range
// phone, 4× slower CPU, slow 4G, simulated) and desktop — beside the login page's gzipped JS + CSS and its budget
// (250 KB, as bench/console-load.mjs counts it). Lighthouse from npm drives Debian's Chromium against the built
// server. Goals: mobile performance ≥ 90, desktop ≥ 95, accessibility ≥ 95; exits 1 when one is missed with
// --check. Run after `npm run build`: node bench/lighthouse.mjs [--runs 3] [--only mobile|desktop] [--check] [--json <file>]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startBuiltServer } from '../scripts/built-server.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    check: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const BUDGET_KB = 250;
const GOALS = { mobile: { performance: 90, accessibility: 95 }, desktop: { performance: 95, accessibility: 95 } };
// WEB_DIST (the server's own setting) measures another build, e.g. a copy of the one before a change
const dist = path.resolve(process.env.WEB_DIST || 'packages/web/dist');

const server = await startBuiltServer({ healthyWithinMs: 180_000 });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // a Chinese-speaking browser, as the console's users have
    '--lang=zh-CN',
  ],
});

/** The median of the runs by performance score, so that the figures printed belong to one run. */
const median = (results) => results.toSorted((a, b) => a.performance - b.performance)[Math.floor(results.length / 2)];

/** One Lighthouse run of the login page: the two scores, the metrics behind performance and the JS/CSS it loaded. */
async function audit(formFactor) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
  const { lhr } = await lighthouse(`${server.url}/custom/login`, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  if (lhr.runtimeError) throw new Error(`${formFactor}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
  const ms = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const assets = (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((item) => ['Script', 'Stylesheet'].includes(item.resourceType) && item.url.includes('/custom/assets/'))
    .map((item) => item.url);
  const failing = Object.values(lhr.audits)
    .filter((a) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0) && a.score === 0)
    .map((a) => a.id);
  // what the largest paint was and what held it back, to say where the time went
  const lcpItems = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpElement = lcpItems[0]?.items?.[0]?.node?.snippet ?? '';
  const phases = (lcpItems[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ');
  const scripts = (lhr.audits['bootup-time']?.details?.items ?? [])
    .slice(0, 3)
    .map((item) => `${item.url.split('/').pop()} ${Math.round(item.total)} ms`)
    .join(', ');
  return {
    lcpElement,
    phases,
    scripts,
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    si: ms('speed-index'),
    assets,
    failing,
  };
}

/** Gzipped bytes (level 9) of the built files behind these URLs, as bench/console-load.mjs counts them. */
const gzipped = (urls) =>
  [...new Set(urls)].reduce((sum, url) => sum + gzipSync(readFileSync(path.join(dist, new URL(url).pathname.replace(/^\/custom\//, ''))), { level: 9 }).length, 0);

const report = {};
let missed = false;
try {
  for (const formFactor of args.only ? [args.only] : ['mobile', 'desktop']) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(formFactor));
    const m = median(runs);
    report[formFactor] = { ...m, runs: runs.map((r) => r.performance) };
    const goal = GOALS[formFactor];
    const ok = m.performance >= goal.performance && m.accessibility >= goal.accessibility;
    missed ||= !ok;
    console.log(
      `${formFactor.padEnd(7)} performance ${m.performance} (runs ${runs.map((r) => r.performance).join(', ')}; goal ≥ ${goal.performance}), ` +
        `accessibility ${m.accessibility} (goal ≥ ${goal.accessibility})${ok ? '' : '  MISSED'}\n` +
        `        FCP ${(m.fcp / 1000).toFixed(2)} s, LCP ${(m.lcp / 1000).toFixed(2)} s, TBT ${Math.round(m.tbt)} ms, ` +
        `CLS ${m.cls.toFixed(3)}, Speed Index ${(m.si / 1000).toFixed(2)} s\n` +
        `        largest paint: ${m.lcpElement} (${m.phases})\n` +
        `        most CPU: ${m.scripts}` +
        (m.failing.length ? `\n        accessibility audits failed: ${m.failing.join(', ')}` : ''),
    );
  }
  const bytes = gzipped(Object.values(report)[0].assets);
  report.loginBundle = { files: new Set(report.mobile.assets).size, gzippedBytes: bytes, budgetBytes: BUDGET_KB * 1024 };
  console.log(
    `login page: ${report.loginBundle.files} JS/CSS files, ${(bytes / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)` +
      (bytes > BUDGET_KB * 1024 ? '  OVER BUDGET' : ''),
  );
  missed ||= bytes > BUDGET_KB * 1024;
  if (args.json) writeFileSync(args.json, JSON.stringify(report, null, 2));
} finally {
  await chrome.kill();
  await server.stop();
}
if (args.check && missed) process.exit(1);

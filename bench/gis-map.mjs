// GIS 地图 with 10,000 boxes in headless Chromium: BOXES boxes with 3 machine tools each, spread over
// China with mixed states, on PostgreSQL behind the built server. Measures, for our page (/custom/device/gis, after
// login) and side by side for a bare page that draws the same map and the same points with ECharts alone (no React,
// no antd, no API: the points inlined), the time from navigation to the map drawn with every point (goal ≤ 1.5 s),
// frame times while zooming and panning with the wheel and the mouse (goal: no frame over 50 ms) and the JS heap.
// Run after `npm run build`: node bench/gis-map.mjs (env PG_URL, BOXES, RUNS; TRACE=1 prints each visit's requests)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import pg from 'pg';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { freshDatabase, seedBoxes } from './boxes.mjs';

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BOXES = Number(process.env.BOXES ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 3);
const PASSWORD = 'bench-pass-1';
const file = (path) => readFileSync(fileURLToPath(new URL(path, import.meta.url)));
const centres = JSON.parse(file('../packages/server/assets/region-centres.json')).provinces;

const database = await freshDatabase(PG_URL, 'gis');
const dbUrl = database.url;
let server;
let bare;
let browser;
try {
  server = await startBuiltServer({ env: { DATABASE_URL: dbUrl, LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: PASSWORD } });
  const seeded = performance.now();
  await seedBoxes({ url: dbUrl }, BOXES, 3);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  // around the provincial centres, deterministic; four in five online; machine states mixed
  const spots = Object.values(centres);
  await db.query(
    `update device d set address = '基准测试|' || round((c.lng + (((d.id * 7919) % 200) - 100) / 60.0)::numeric, 5) || '|' || round((c.lat + (((d.id * 104729) % 200) - 100) / 80.0)::numeric, 5),
            online = d.id % 5 <> 0
       from (select i, lng, lat from unnest($1::float8[], $2::float8[]) with ordinality as s(lng, lat, i)) c
      where c.i = d.id % $3 + 1`,
    [spots.map((s) => s[0]), spots.map((s) => s[1]), spots.length],
  );
  await db.query(
    `insert into machine_latest (machine_tool_id, device_id, ts, values, state, state_since)
     select m.id, m.device_id, now(), '{}', (array['running', 'idle', 'alarm'])[m.id % 7 % 3 + 1], now() from machine_tool m`,
  );
  await db.end();
  const seedMs = performance.now() - seeded;

  // the bare page: ECharts' own build, the same map file and the same points, served from here
  const login = await fetch(`${server.url}/custom/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  }).then((r) => r.json());
  const token = login.data.token;
  const started = performance.now();
  const gis = await fetch(`${server.url}/custom/api/v1/device/gis`, { headers: { token } }).then((r) => r.json());
  const apiMs = performance.now() - started;
  const points = gis.data.points;
  const barePage = `<!doctype html><meta charset="utf-8"><body style="margin:0"><div id="map" style="width:100vw;height:100vh"></div>
<script src="/echarts.js"></script><script>
fetch('/china.json').then((r) => r.json()).then((china) => {
  echarts.registerMap('china', { geoJSON: china });
  const points = ${JSON.stringify(points)};
  const states = ['running', 'idle', 'alarm', 'offline'];
  const chart = echarts.init(document.getElementById('map'));
  chart.on('finished', () => (document.getElementById('map').dataset.drawn = 'true'));
  chart.setOption({ geo: { map: 'china', roam: true }, series: states.map((s) => ({ type: 'scatter', coordinateSystem: 'geo', large: true, largeThreshold: 2000, symbolSize: 7,
    data: points.filter((p) => p[3] === s).map((p) => [p[1], p[2], p[0]]) })) });
});
</script>`;
  const assets = {
    '/': ['text/html', barePage],
    '/echarts.js': ['text/javascript', file('../node_modules/echarts/dist/echarts.min.js')],
    '/china.json': ['application/json', file('../packages/web/public/maps/china.json')],
  };
  bare = createServer((req, res) => {
    const [type, body] = assets[req.url] ?? ['text/plain', 'not found'];
    res.writeHead(assets[req.url] ? 200 : 404, { 'content-type': type }).end(body);
  });
  await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${bare.address().port}/`;

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--enable-precise-memory-info', '--disable-background-networking', '--disable-component-update'],
  });

  /** One visit: navigation → all points drawn, then frame times over wheel zooms and drags, then the heap. */
  async function visit(url, drawnSelector, signIn) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    if (signIn) await signIn(page);
    if (process.env.TRACE) {
      await page.addInitScript(() => {
        window.__long = [];
        new PerformanceObserver((list) => window.__long.push(...list.getEntries().map((e) => [Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: 'longtask', buffered: true });
      });
    }
    await page.goto(url);
    const drawnAt = await page
      .waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : null), drawnSelector, { timeout: 60_000, polling: 'raf' })
      .then((h) => h.jsonValue());
    if (process.env.TRACE && signIn) {
      // where the time to drawn goes: each request's start and end (ms from navigation), and the long tasks' sum
      const entries = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => [Math.round(e.startTime), Math.round(e.responseEnd), e.name.replace(location.origin, '')]),
      );
      for (const [start, end, name] of entries) console.log(`  ${String(start).padStart(5)} → ${String(end).padStart(5)}  ${name}`);
      const long = await page.evaluate(() => window.__long);
      // performance.mark() calls added while investigating show here too
      const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => `${m.name}@${Math.round(m.startTime)}`));
      if (marks.length) console.log(`  marks: ${marks.join(' ')}`);
      console.log(`  long tasks (start+ms): ${long.map(([at, ms]) => `${at}+${ms}`).join(' ')}`);
      console.log(`  drawn at ${Math.round(drawnAt)}`);
    }
    const box = await page.locator(drawnSelector).boundingBox();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.evaluate(() => {
      window.__frames = [];
      let last = performance.now();
      const tick = (now) => {
        window.__frames.push(now - last);
        last = now;
        if (window.__frames.length < 100_000) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.mouse.move(cx, cy);
    for (let i = 0; i < 6; i++) {
      await page.mouse.wheel(0, -240);
      await page.waitForTimeout(120);
    }
    for (let i = 0; i < 4; i++) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + 200 * (i % 2 ? -1 : 1), cy + 80, { steps: 12 });
      await page.mouse.up();
    }
    for (let i = 0; i < 6; i++) {
      await page.mouse.wheel(0, 240);
      await page.waitForTimeout(120);
    }
    await page.waitForTimeout(300);
    const frames = (await page.evaluate(() => window.__frames)).slice(1);
    const heap = await page.evaluate(() => performance.memory.usedJSHeapSize);
    await context.close();
    const sorted = [...frames].sort((a, b) => a - b);
    return { drawnAt, worst: sorted.at(-1), p95: sorted[Math.floor(sorted.length * 0.95)], over50: frames.filter((f) => f > 50).length, frames: frames.length, heapMiB: heap / 2 ** 20 };
  }

  const signIn = async (page) => {
    await page.goto(`${server.url}/custom/login`);
    await page.evaluate((t) => localStorage.setItem('Custom-Token', t), token);
  };
  // our page marks its card with the points it drew, the chart its box once the option is on screen
  const ours = `[data-points="${points.length}"] [data-drawn="true"]`;
  const runs = { ours: [], bare: [] };
  for (let i = 0; i < RUNS; i++) {
    runs.ours.push(await visit(`${server.url}/custom/device/gis`, ours, signIn));
    runs.bare.push(await visit(bareUrl, '[data-drawn="true"]'));
  }
  const median = (list, key) => [...list.map((r) => r[key])].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const worst = (list, key) => Math.max(...list.map((r) => r[key]));
  console.log(`GIS 地图: ${BOXES.toLocaleString('en')} boxes (${points.length.toLocaleString('en')} placed), ${(BOXES * 3).toLocaleString('en')} machine tools; seeded in ${(seedMs / 1000).toFixed(1)} s; GET /device/gis ${apiMs.toFixed(0)} ms (${(JSON.stringify(gis).length / 1024).toFixed(0)} KB); ${RUNS} visits each, medians (worst)`);
  console.log(`${''.padEnd(8)} navigation → drawn ms   worst frame ms   p95 frame ms   frames > 50 ms   JS heap MiB`);
  for (const [label, list] of Object.entries(runs)) {
    console.log(
      `${label.padEnd(8)} ${`${median(list, 'drawnAt').toFixed(0)} (${worst(list, 'drawnAt').toFixed(0)})`.padStart(21)} ${`${median(list, 'worst').toFixed(0)} (${worst(list, 'worst').toFixed(0)})`.padStart(16)} ${median(list, 'p95').toFixed(0).padStart(14)} ${`${median(list, 'over50')} of ${median(list, 'frames')}`.padStart(16)} ${median(list, 'heapMiB').toFixed(1).padStart(13)}`,
    );
  }
  console.log('goals: ours navigation → drawn ≤ 1,500 ms; no frame over 50 ms while zooming and panning');
} finally {
  await browser?.close();
  bare?.close();
  await server?.stop();
  await database.drop();
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { GisBoxes, MachineTimeline, Rollout } from '@gw/contracts';
import { freePort } from '../scripts/built-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const API = '/custom/api/v1';
const BOXES = 6;
const DAY = 86_400_000;

/** One run of `npm run demo` (scripts/demo.mjs) on a data dir, until its banner says it is ready. */
async function runDemo(dataDir: string): Promise<{ child: ChildProcess; url: string; output: () => string; admin: string; users: { username: string; password: string }[] }> {
  const [port, mqttPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [path.join(root, 'scripts/demo.mjs'), '--boxes', String(BOXES), '--port', String(port), '--mqtt-port', String(mqttPort), '--data-dir', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const banner = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      if (/LOGIN_CAPTCHA=off \(演示专用/.test(text)) {
        clearInterval(timer);
        resolve(text);
      }
    }, 200);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`demo exited (${code}) before it was ready:\n${text}`));
    });
  });
  const url = /控制台 console:\s+(\S+)\/custom\//.exec(banner)![1];
  const admin = /管理员 admin:\s+admin \/ (\S+)/.exec(banner)![1];
  const users = [...banner.matchAll(/客户用户 \S+\s+(\S+) \/ (\S+)/g)].map(([, username, password]) => ({ username, password }));
  return { child, url, output: () => text, admin, users };
}

/** Ctrl-C, as a person stops the demo: the boxes go offline, then the server stops. */
async function interrupt(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGINT');
  return exited;
}

function client(url: string) {
  let token = '';
  const call = async <T>(method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}${API}${route}`, {
      method,
      headers: { ...(token ? { token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; message: string; data: T };
  };
  return {
    call,
    get: async <T>(route: string) => {
      const answer = await call<T>('GET', route);
      if (answer.code !== 200) throw new Error(`GET ${route}: ${JSON.stringify(answer)}`);
      return answer.data;
    },
    login: async (username: string, password: string) => {
      const answer = await call<{ token: string }>('POST', '/user/login', { username, password });
      if (answer.code === 200) token = answer.data.token;
      return answer.code;
    },
  };
}

/** The China-time date `days` before today. */
const chinaDate = (days: number) => new Date(Date.now() + 8 * 3_600_000 - days * DAY).toISOString().slice(0, 10);

describe('npm run demo on a fresh data dir', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-e2e-demo-'));
  let running: ChildProcess | undefined;
  afterAll(async () => {
    if (running) await interrupt(running);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('looks alive from the start: boxes bought, sold and placed, 7 days of history, a finished rollout, factory users; a second run reuses it all', { timeout: 420_000 }, async () => {
    const first = await runDemo(dataDir);
    running = first.child;
    const api = client(first.url);
    expect(await api.login('admin', first.admin)).toBe(200);

    // every box sits at its factory on the map, and 客户分布 shades the factories' provinces
    const gis = await api.get<GisBoxes>('/device/gis');
    expect(gis).toMatchObject({ total: BOXES, unplaced: 0 });
    const map = await api.get<{ data: { name: string; value: number }[] }>('/tools/custom_map');
    expect(map.data.length).toBeGreaterThanOrEqual(4);

    // bought with one confirmed 进货单 and sold with confirmed 出货单: 库存 says every box 已出货
    const goods = await api.get<{ shipped: number; in_stock: number; total: number }[]>('/manager/goods');
    expect(goods.reduce((n, g) => n + g.shipped, 0)).toBe(BOXES);
    const buys = await api.get<{ status: string; quantity: number }[]>('/manager/buy_order');
    expect(buys).toEqual([expect.objectContaining({ status: 'confirmed', quantity: BOXES })]);
    const sells = await api.get<{ status: string; quantity: number }[]>('/manager/sell_order');
    expect(sells.every((s) => s.status === 'confirmed')).toBe(true);
    expect(sells.reduce((n, s) => n + s.quantity, 0)).toBe(BOXES);

    // a machine tool's timeline has a past: each of the last 7 days has running and idle time, not 离线 all day
    const [machine] = await api.get<{ id: number }[]>('/device/machine?limit=1');
    const day = (n: number) => api.get<MachineTimeline>(`/device/machine/${machine.id}/timeline?date=${chinaDate(n)}`);
    await expect.poll(async () => (await day(1)).totals.running, { timeout: 60_000 }).toBeGreaterThan(0);
    for (let n = 1; n <= 7; n++) {
      const { totals } = await day(n);
      expect(totals.offline, chinaDate(n)).toBe(0);
      expect(totals.running + totals.idle + totals.alarm, chinaDate(n)).toBeGreaterThan(DAY / 1000 - 1);
    }
    const working = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(async (n) => (await day(n)).totals.running > 0));
    expect(working.filter(Boolean).length).toBeGreaterThanOrEqual(5);

    // one firmware rollout, finished
    const rollouts = await api.get<Rollout[]>('/system/rollout');
    expect(rollouts.map((r) => r.state)).toEqual(['done']);

    // one licence runs out within 7 days
    const licences = await api.get<{ exp: string; revoked_at?: string | null }[]>('/system/license?limit=100');
    expect(licences.filter((l) => new Date(l.exp).getTime() < Date.now() + 7 * DAY).length).toBe(1);

    // a factory's user with the built-in 客户 role signs in
    expect(first.users.length).toBeGreaterThanOrEqual(4);
    const factory = client(first.url);
    expect(await factory.login(first.users[0].username, first.users[0].password)).toBe(200);
    const admins = await api.get<{ username: string; roles: { id: number }[] }[]>(`/system/admin_user?keywords=${first.users[0].username}`);
    expect(admins.find((u) => u.username === first.users[0].username)?.roles.map((r) => r.id)).toEqual([2]);

    expect(await interrupt(first.child)).toBe(0);
    running = undefined;

    // a second run reuses it all: the same boxes, orders and rollout, no history delivered again
    const second = await runDemo(dataDir);
    running = second.child;
    expect(second.admin).toBe(first.admin);
    expect(second.users).toEqual(first.users);
    expect(second.output()).not.toMatch(/补发|首次运行/);
    const again = client(second.url);
    expect(await again.login('admin', second.admin)).toBe(200);
    expect((await again.get<GisBoxes>('/device/gis')).total).toBe(BOXES);
    expect(await again.get<unknown[]>('/manager/buy_order')).toHaveLength(1);
    expect(await again.get<unknown[]>('/system/rollout')).toHaveLength(1);
    expect(await interrupt(second.child)).toBe(0);
    running = undefined;
  });
});

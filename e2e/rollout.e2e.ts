import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rollout, RolloutDetail, RolloutItemState } from '@gw/contracts';
import { type Fleet, provisionFleet, startFleet } from '../packages/simulator/src/index.js';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { ADMIN_PASSWORD } from './server.js';

const API = '/custom/api/v1';
const BOXES = 200;
const PREFIX = 'E2E-OTA';
const FROM = '1.0.0';

type Server = Awaited<ReturnType<typeof startBuiltServer>>;

/**
 * Firmware rollouts through the real built server (no browser): 200 simulated boxes that download, check and
 * install, a tenth of them failing their first download; a server restart in the middle; a release whose stored
 * file no longer matches its SHA-256.
 */
describe('firmware rollout to 200 simulated boxes', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-e2e-ota-'));
  let server: Server;
  let port: number;
  let token = '';
  let fleet: Fleet | undefined;
  let goodsId: number;
  let deviceIds: Map<string, number>;

  const start = async () => {
    server = await startBuiltServer({ dataDir, ...(port ? { port } : {}), env: { ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off' } });
    port = server.port;
  };
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const init: RequestInit =
      body instanceof FormData ? { body } : body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    const res = await fetch(`${server.url}${API}${url}`, { method, ...init, headers: { ...(init.headers as Record<string, string>), token } });
    const answer = (await res.json()) as { code: number; message: string; data: T };
    if (answer.code !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** A published release of `file` for the simulated boxes' device type. */
  const release = async (version: string, file: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), `fw-${version}.bin`);
    const stored = await call<{ file_id: string; sha256: string; size: number }>('POST', '/system/version/file', form);
    const created = await call<{ id: number }>('POST', '/system/version', { version, goods_ids: [goodsId], file_id: stored.file_id, file_name: `fw-${version}.bin`, changelog: '' });
    await call('POST', `/system/version/${created.id}/publish`);
    return { id: created.id, sha256: stored.sha256 };
  };

  /** Polls the rollout's list row (no 200 items) until `done` holds; `each` sees every poll. */
  const follow = async (id: number, done: (r: Rollout) => boolean, each: (r: Rollout) => void | Promise<void> = () => undefined, timeoutMs = 180_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const [row] = (await call<Rollout[]>('GET', `/system/rollout?limit=1`)).filter((r) => r.id === id);
      if (!row) throw new Error(`rollout ${id} is not the newest`);
      await each(row);
      if (done(row)) return row;
      if (Date.now() > until) throw new Error(`rollout ${id} still ${row.state} batch ${row.batch}: ${JSON.stringify(row.counts)}`);
      await sleep(300);
    }
  };
  const detail = (id: number) => call<RolloutDetail>('GET', `/system/rollout/${id}`);
  const byState = (d: RolloutDetail, state: RolloutItemState) => d.items.filter((i) => i.state === state);

  beforeAll(async () => {
    await start();
    const { identities } = await provisionFleet({ api: server.url, user: 'admin', password: ADMIN_PASSWORD, boxes: BOXES, prefix: PREFIX });
    token = (await call<{ token: string }>('POST', '/user/login', { username: 'admin', password: ADMIN_PASSWORD })).token;
    const boxes = await call<{ id: number; gateway_id: string; goods_id: number }[]>('GET', `/device/device?keywords=${PREFIX}&limit=1000`);
    expect(boxes.length).toBe(BOXES);
    goodsId = boxes[0].goods_id;
    deviceIds = new Map(boxes.map((b) => [b.gateway_id, b.id]));
    fleet = startFleet({
      identities,
      url: `ws://127.0.0.1:${port}/custom/mqtt`,
      rate: 0.05,
      version: FROM,
      backoffMs: 200,
      maxBackoffMs: 2000,
      ota: { failRate: 0.1, failAt: 'download', rebootMs: 300 },
    });
    await fleet.connected(120_000);
  }, 600_000);

  afterAll(async () => {
    await fleet?.stop();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('batch 50, stop at 20 %: batches go one after another across a server restart, the injected failures are recorded with their reason, a retry finishes the job', { timeout: 600_000 }, async () => {
    const { id: versionId } = await release('2.0.0', randomBytes(64 * 1024));
    const rollout = await call<RolloutDetail>('POST', '/system/rollout', {
      version_id: versionId,
      target: { type: 'devices', ids: [...deviceIds.values()] },
      batch_size: 50,
      concurrency: 50,
      pause_seconds: 0,
      stop_failure_percent: 20,
    });
    expect(rollout).toMatchObject({ state: 'running', batches: 4, total: BOXES });
    expect(rollout.items.map((i) => i.batch)).toEqual(Array.from({ length: BOXES }, (_, i) => Math.floor(i / 50) + 1));

    // batch 1 runs alone: nothing of a later batch moves while it has boxes to go
    const batches: number[] = [];
    const inOrder = async (row: Rollout) => {
      if (batches.at(-1) !== row.batch) batches.push(row.batch);
    };
    await follow(rollout.id, (r) => r.batch >= 2, inOrder);
    const early = await detail(rollout.id);
    expect(early.items.filter((i) => i.batch > early.batch && i.state !== 'pending')).toEqual([]);

    // the server goes away in the middle of batch 2 (or later) and comes back on the same data
    await server.stop({ keepData: true });
    await start();
    const row = await follow(rollout.id, (r) => r.state !== 'running', inOrder);
    expect(row.state).toBe('done');
    expect(batches).toEqual([1, 2, 3, 4].slice(batches[0] - 1));

    const finished = await detail(rollout.id);
    const failing = [...fleet!.otaFailing].sort();
    expect(failing.length).toBe(20);
    const failed = byState(finished, 'failed');
    const injected = new Set(failing);
    // every injected failure is recorded, with the box's reason; a box whose report went out while the server was
    // away is timed out instead (设备无响应), and one caught downloading fails with its download's own error
    const ofInjected = failed.filter((i) => injected.has(i.gateway_id));
    expect(ofInjected.map((i) => i.gateway_id).sort()).toEqual(failing);
    for (const box of ofInjected) expect(box.error, box.gateway_id).toMatch(/^(模拟下载失败$|下载失败|设备无响应$)/);
    expect(ofInjected.filter((i) => i.error === '模拟下载失败').length).toBeGreaterThanOrEqual(failing.length - 5);
    for (const other of failed.filter((i) => !injected.has(i.gateway_id))) expect(other.error).toMatch(/^(下载失败|设备无响应)/);
    expect(failed.length).toBeLessThan(30);
    expect(byState(finished, 'done').length).toBe(BOXES - failed.length);
    expect(finished.items.every((i) => i.from_version === FROM)).toBe(true);

    // retry: the failed boxes go again (their injected failure was their first try only) and succeed
    await call('POST', `/system/rollout/${rollout.id}/retry`);
    await follow(rollout.id, (r) => r.state !== 'running');
    const retried = await detail(rollout.id);
    expect(retried.state).toBe('done');
    expect(retried.counts).toMatchObject({ done: BOXES, failed: 0 });
    const versions = await call<{ gateway_id: string; firmware_version: string }[]>('GET', `/device/device?keywords=${PREFIX}&limit=1000`);
    expect(new Set(versions.map((b) => b.firmware_version))).toEqual(new Set(['2.0.0']));
  });

  it('a release whose stored file no longer matches its SHA-256 is refused by the boxes, each with its reason', { timeout: 300_000 }, async () => {
    const file = randomBytes(32 * 1024);
    const { id: versionId, sha256 } = await release('3.0.0', file);
    expect(sha256).toBe(createHash('sha256').update(file).digest('hex'));
    // the file on the server's disk changes under the release (same size, other bytes)
    writeFileSync(path.join(dataDir, 'firmware', sha256), randomBytes(file.length));
    const three = [...deviceIds.keys()].filter((gw) => !fleet!.otaFailing.has(gw)).sort().slice(0, 3);
    const rollout = await call<RolloutDetail>('POST', '/system/rollout', {
      version_id: versionId,
      target: { type: 'devices', ids: three.map((gw) => deviceIds.get(gw)) },
      batch_size: 3,
      stop_failure_percent: 20,
    });
    const row = await follow(rollout.id, (r) => r.state !== 'running');
    expect(row).toMatchObject({ state: 'stopped', stop_reason: '第 1 批失败 3/3 (100%), 超过阈值 20%' });
    const d = await detail(rollout.id);
    expect(d.items.map((i) => [i.gateway_id, i.state, i.error])).toEqual(three.map((gw) => [gw, 'failed', 'SHA-256 校验失败']));
  });
});

import { randomInt } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { LICENSE_PATH } from '@gw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device } from '../db/schema.js';
import { type FleetWorld, fleetWorld } from '../test/fleet.js';
import { type TestApp, createTestApp } from '../test/harness.js';
import { hostProblem } from './host.js';
import { generateKeyPair } from './keys.js';
import { createLab, type Lab, type Namespace } from '@gw/simulator/netns';

// Needs root, iproute2, wg, nft and (without kernel WireGuard) wireguard-go: said in one line when skipped.
const problem = hostProblem();
if (problem) console.log(`[vpn] 跳过集线器进程的命名空间测试 (hub process netns test skipped): ${problem.message}`);

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const TOKEN = 'hub-process-secret-0123456789abcdef';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 50 ms until it answers true; the time it took, or a failure after `timeoutMs`. */
async function within(timeoutMs: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: 等待超时 (${timeoutMs} ms)`);
    await sleep(50);
  }
}

/**
 * The hub process as an operator runs it, from the sources (tsx), inside a hub namespace, following a real test
 * server that listens on the machine's end of a veth on 198.18.0.0/15: a box given a vpn licence becomes a
 * WireGuard peer on the hub, and stops being one when the licence is revoked, each within 2 s.
 */
describe.skipIf(problem !== null)('the hub process following a platform, in a network namespace', () => {
  let lab: Lab;
  let hubNs: Namespace;
  let t: TestApp;
  let w: FleetWorld;
  let hub: ChildProcess;
  let iface: string;
  const output: string[] = [];
  const keyDir = mkdtempSync(path.join(tmpdir(), 'gw-hub-process-'));
  const hubKey = generateKeyPair();
  const boxKey = generateKeyPair().publicKey;
  const peers = async () => (await hubNs.run(['wg', 'show', iface, 'peers'])).stdout.split('\n').filter(Boolean);

  beforeAll(async () => {
    lab = await createLab('gwp');
    hubNs = await lab.namespace('hub');
    iface = lab.interfaceName('wg');
    // a /30 of the benchmarking range of this run's own: the machine's end holds the platform, the hub's end dials it
    const net = `198.19.${randomInt(100, 250)}`;
    const base = 4 * randomInt(0, 63);
    const [platformIp, hubIp] = [`${net}.${base + 1}`, `${net}.${base + 2}`];
    await lab.link('root', `${platformIp}/30`, hubNs, `${hubIp}/30`);

    t = await createTestApp({ services: ['mqtt'], env: { VPN_HUB_TOKEN: TOKEN, VPN_ENDPOINT: `${hubIp}:51820`, VPN_HUB_PUBLIC_KEY: hubKey.publicKey } });
    await t.app.listen({ host: platformIp, port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    w = await fleetWorld(t, 'HP');
    await t.db.update(device).set({ wg_public_key: boxKey }).where(eq(device.id, w.boxes.a));

    const keyFile = path.join(keyDir, 'private.key');
    writeFileSync(keyFile, `${hubKey.privateKey}\n`, { mode: 0o600 });
    const env = { VPN_HUB_API: `http://${platformIp}:${port}`, VPN_HUB_TOKEN: TOKEN, VPN_INTERFACE: iface, VPN_LISTEN_PORT: '51820', VPN_HUB_KEY_FILE: keyFile };
    hub = hubNs.spawn([
      'env',
      '-C',
      ROOT,
      'TSX_TSCONFIG_PATH=packages/server/tsconfig.json',
      ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
      process.execPath,
      '--import',
      'tsx',
      'packages/server/src/vpn-hub/main.ts',
    ]);
    hub.stderr!.setEncoding('utf8').on('data', (chunk: string) => output.push(...chunk.split('\n').filter(Boolean)));
    await within(20_000, 'the hub applied its first state', async () => output.some((line) => line.includes('已应用状态')));
  });

  afterAll(async () => {
    if (output.length) console.log(output.map((line) => `  ${line}`).join('\n'));
    hub?.kill('SIGTERM');
    await t?.close();
    await lab?.cleanup();
    rmSync(keyDir, { recursive: true, force: true });
  });

  it('prints its public key, and makes a licensed box a peer and a revoked one no peer, each within 2 s', async () => {
    expect(output.some((line) => line.includes(hubKey.publicKey))).toBe(true);
    expect(await peers()).toEqual([]);
    const issued = await t.api('POST', LICENSE_PATH, { token: w.admin, body: { device_id: w.boxes.a, finger_print: 'fp-hp', type: 'business', vpn: true, count: [{ model: 'all', count: 5 }] } });
    expect(issued.json().code, issued.body).toBe(200);
    const added = await within(2000, 'the box became a peer', async () => (await peers()).includes(boxKey));
    const [row] = await t.db.select().from(device).where(eq(device.id, w.boxes.a));
    const allowed = (await hubNs.run(['wg', 'show', iface, 'allowed-ips'])).stdout;
    expect(allowed).toContain(`${row.vpn_ip}/32`);
    expect(allowed).toContain(row.machine_net!);

    const revoked = await t.api('POST', `${LICENSE_PATH}/${issued.json().data.id}/revoke`, { token: w.admin, body: { reason: '测试' } });
    expect(revoked.json().code).toBe(200);
    const removed = await within(2000, 'the peer was removed', async () => !(await peers()).includes(boxKey));
    console.log(`[vpn] 许可下发 → 集线器对端 ${added} ms; 许可吊销 → 对端移除 ${removed} ms`);
  });
});

import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOX_API, type BoxOta, type BoxUpgrade, boxInfoSchema, boxOtaSchema, boxStateSchema } from '@gw/contracts';
import { type Fleet, startFleet } from './fleet.js';
import type { BoxIdentity } from './identity.js';
import { OTA_ERRORS, type OtaOptions, otaFailures } from './ota.js';
import { testBroker } from './test/broker.js';
import { platformSide, waitFor as waitUntil } from './test/platform.js';

const OLD = '2.4.1-sim';
const NEW = '2.5.0';
const firmware = randomBytes(1_000_000);
const sha256 = createHash('sha256').update(firmware).digest('hex');
const identities: BoxIdentity[] = Array.from({ length: 6 }, (_, i) => ({ gateway_id: `OTA-T-000${i + 1}`, secret: `s${i + 1}`, machines: [] }));

let broker: Awaited<ReturnType<typeof testBroker>>;
let files: http.Server;
let fileUrl: string;
let closedUrl: string;
let platform: Awaited<ReturnType<typeof platformSide>>;
let fleet: Fleet | null = null;

beforeAll(async () => {
  broker = await testBroker(Object.fromEntries(identities.map((i) => [i.gateway_id, i.secret])));
  // the platform's download: the file in small writes, so it arrives in many chunks; /slow.bin takes ~0.8 s
  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url !== '/firmware.bin' && req.url !== '/slow.bin') return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":404,"msg":"文件不存在"}');
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': firmware.length });
    for (let at = 0; at < firmware.length; at += 64 * 1024) {
      res.write(firmware.subarray(at, at + 64 * 1024));
      if (req.url === '/slow.bin') await new Promise((r) => setTimeout(r, 50));
    }
    res.end();
  };
  files = http.createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  fileUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/firmware.bin`;
  // a port nobody listens on
  const gone = http.createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/firmware.bin`;
  await new Promise((r) => gone.close(r));
  platform = await platformSide(broker.url, ['state/+/v1', 'echo/+/v1', 'ota/+/v1'], 10_000);
});
const received = () => platform.received;
afterEach(async () => {
  await fleet?.stop();
  fleet = null;
  platform.received.length = 0;
});
afterAll(async () => {
  await platform.close();
  await broker.close();
  await new Promise((r) => files.close(r));
});

const start = async (count: number, ota: OtaOptions = {}) => {
  fleet = startFleet({ identities: identities.slice(0, count), url: broker.url, rate: 0.1, backoffMs: 50, ota: { rebootMs: 100, ...ota } });
  await fleet.connected(5000);
  return fleet;
};

const waitFor = <T>(find: () => T | undefined, what: string) => waitUntil(find, what, 10_000);

const command = (gw: string, method: string, url: string, data?: unknown) => platform.command(gw, method, url, data);

const order = (overrides: Partial<BoxUpgrade> = {}): BoxUpgrade => ({ rollout_id: 7, version: NEW, url: fileUrl, sha256, size: firmware.length, ...overrides });
const upgrade = (gw: string, overrides: Partial<BoxUpgrade> = {}) => command(gw, 'POST', BOX_API.upgrade, order(overrides));

const otaOf = (gw: string) => received().filter((m) => m.topic === `ota/${gw}/v1`).map((m) => boxOtaSchema.parse(m.payload));
const finalOta = (gw: string) => waitFor(() => otaOf(gw).find((o) => o.state === 'done' || o.state === 'failed'), `${gw} done or failed`);
const statesOf = (gw: string) => received().filter((m) => m.topic === `state/${gw}/v1`).map((m) => boxStateSchema.parse(m.payload));
const steps = (ota: BoxOta[]) => ota.map((o) => (o.state === 'downloading' ? `downloading ${o.progress}` : o.state));

describe('a simulated box updates its firmware when told to', () => {
  it('downloads the file, reports progress in steps, verifies, installs, reboots and comes back announcing the new version', async () => {
    const f = await start(1);
    const gw = identities[0].gateway_id;
    expect(await upgrade(gw)).toMatchObject({ ret: 0 });
    expect(await finalOta(gw)).toEqual({ rollout_id: 7, state: 'done', progress: 100, version: NEW });
    expect(steps(otaOf(gw))).toEqual(['downloading 0', 'downloading 20', 'downloading 40', 'downloading 60', 'downloading 80', 'downloading 100', 'verifying', 'installing', 'done']);

    // the reboot: offline (its last will), then online again on the new version, before it says done
    expect(statesOf(gw).map((s) => [s.online, s.version])).toEqual([
      [true, OLD],
      [false, undefined],
      [true, NEW],
    ]);
    const order = received().filter((m) => m.topic !== `echo/${gw}/v1`).map((m) => m.topic.split('/')[0]);
    expect(order.lastIndexOf('state')).toBeLessThan(order.lastIndexOf('ota'));
    expect(boxInfoSchema.parse((await command(gw, 'GET', BOX_API.info)).msg).version).toBe(NEW);
    expect(f.stats).toMatchObject({ upgradesStarted: 1, upgradesDone: 1, upgradesFailed: 0, downloadedBytes: firmware.length, reconnects: 0 });
  });

  it('refuses a file whose SHA-256 or size does not match, or that cannot be downloaded, and stays on its version', async () => {
    const f = await start(4);
    const [a, b, c, d] = identities.map((i) => i.gateway_id);
    await upgrade(a, { sha256: 'f'.repeat(64) });
    await upgrade(b, { size: firmware.length - 1 });
    await upgrade(c, { url: fileUrl.replace('firmware', 'missing') });
    await upgrade(d, { url: closedUrl });
    expect(await finalOta(a)).toEqual({ rollout_id: 7, state: 'failed', error: OTA_ERRORS.sha256 });
    expect(steps(otaOf(a)).slice(-3)).toEqual(['downloading 100', 'verifying', 'failed']);
    expect(await finalOta(b)).toMatchObject({ state: 'failed', error: OTA_ERRORS.size });
    expect(await finalOta(c)).toMatchObject({ state: 'failed', error: '下载失败: HTTP 404 文件不存在' });
    expect(await finalOta(d)).toMatchObject({ state: 'failed', error: '下载失败: ECONNREFUSED' });
    for (const gw of [a, b, c, d]) {
      expect(statesOf(gw)).toHaveLength(1); // no reboot
      expect(boxInfoSchema.parse((await command(gw, 'GET', BOX_API.info)).msg).version).toBe(OLD);
    }
    expect(f.stats).toMatchObject({ upgradesStarted: 4, upgradesDone: 0, upgradesFailed: 4 });
  });

  it('answers a bad order 400 and another order while it updates 409 (the same one again 0)', async () => {
    await start(1);
    const gw = identities[0].gateway_id;
    expect(await command(gw, 'POST', BOX_API.upgrade, { ...order(), sha256: 'nope' })).toMatchObject({ ret: 400, msg: expect.stringContaining('sha256') });
    expect(await upgrade(gw, { url: 'ftp://example.com/f.bin' })).toMatchObject({ ret: 400, msg: expect.stringContaining('url') });
    const slow = fileUrl.replace('firmware', 'slow');
    expect((await upgrade(gw, { url: slow })).ret).toBe(0);
    expect((await upgrade(gw, { url: slow })).ret).toBe(0);
    expect(await upgrade(gw, { rollout_id: 8, version: '2.6.0' })).toMatchObject({ ret: 409, msg: expect.stringContaining(NEW) });
    expect(await finalOta(gw)).toMatchObject({ state: 'done' });
    expect(otaOf(gw).filter((o) => o.state === 'installing')).toHaveLength(1);
  });
});

describe('failure injection', () => {
  it('picks exactly round(rate × boxes) boxes by their gateway ids, the same every time', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `GW${i}`);
    const chosen = otaFailures(ids, 0.1);
    expect(chosen.size).toBe(20);
    expect(otaFailures([...ids].reverse(), 0.1)).toEqual(chosen);
    expect(otaFailures(ids, 0).size).toBe(0);
    expect(otaFailures(ids, 1).size).toBe(200);
    expect(() => otaFailures(ids, 1.5)).toThrow(/failRate/);
  });

  it('the chosen boxes fail at the step with its reason, the others update; with once a second attempt succeeds', async () => {
    const f = await start(6, { failRate: 0.5, failAt: 'download' });
    expect(f.otaFailing.size).toBe(3);
    const gws = identities.map((i) => i.gateway_id);
    for (const gw of gws) await upgrade(gw);
    for (const gw of gws) {
      const final = await finalOta(gw);
      if (f.otaFailing.has(gw)) expect(final).toMatchObject({ state: 'failed', error: OTA_ERRORS.injected.download });
      else expect(final).toMatchObject({ state: 'done', version: NEW });
    }
    received().length = 0;
    for (const gw of f.otaFailing) await upgrade(gw, { rollout_id: 8 });
    for (const gw of f.otaFailing) expect(await finalOta(gw)).toMatchObject({ rollout_id: 8, state: 'done', version: NEW });
    expect(f.stats).toMatchObject({ upgradesStarted: 9, upgradesDone: 6, upgradesFailed: 3 });
  });

  it('fails every attempt without once; verify and install failures say so', async () => {
    const f = await start(2, { failRate: 1, failAt: 'verify', once: false });
    const gw = identities[0].gateway_id;
    await upgrade(gw);
    expect(await finalOta(gw)).toMatchObject({ state: 'failed', error: OTA_ERRORS.injected.verify });
    received().length = 0;
    await upgrade(gw);
    expect(await finalOta(gw)).toMatchObject({ state: 'failed', error: OTA_ERRORS.injected.verify });
    await f.stop();

    await start(2, { failRate: 1, failAt: 'install' });
    received().length = 0;
    await upgrade(gw);
    expect(await finalOta(gw)).toMatchObject({ state: 'failed', error: OTA_ERRORS.injected.install });
    expect(steps(otaOf(gw)).slice(-3)).toEqual(['verifying', 'installing', 'failed']);
  });

  it('rollback: the box reboots and comes back on its old version, without saying done', async () => {
    const f = await start(1, { failRate: 1, failAt: 'rollback' });
    const gw = identities[0].gateway_id;
    await upgrade(gw);
    await waitFor(() => (statesOf(gw).length === 3 ? true : undefined), 'back from the reboot');
    expect(statesOf(gw).map((s) => [s.online, s.version])).toEqual([
      [true, OLD],
      [false, undefined],
      [true, OLD],
    ]);
    await new Promise((r) => setTimeout(r, 200));
    expect(steps(otaOf(gw)).at(-1)).toBe('installing');
    expect(f.stats).toMatchObject({ upgradesDone: 0, upgradesFailed: 1 });
    // once: the next attempt at that version goes through
    await upgrade(gw, { rollout_id: 8 });
    expect(await finalOta(gw)).toMatchObject({ rollout_id: 8, state: 'done', version: NEW });
  });
});

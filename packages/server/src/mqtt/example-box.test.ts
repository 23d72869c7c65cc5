import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_PATH,
  LICENSE_PUBLIC_KEY_PATH,
  type LiveEvent,
  MACHINE_PATH,
  type MachineRealtime,
  ROLLOUT_PATH,
  type RolloutDetail,
  TRAFFIC_PATH,
  VERSION_FILE_PATH,
  VERSION_PATH,
  machineHistoryPath,
} from '@gw/contracts';
import { type FleetWorld, fleetWorld } from '../test/fleet.js';
import { API, type TestApp, createTestApp } from '../test/harness.js';
import { licenseBox } from '../test/license.js';

/** Debian's own python (the first python3 on PATH may be another without Debian's packages). */
const PYTHON = '/usr/bin/python3';
const BOX = fileURLToPath(new URL('../../../../examples/python-box/box.py', import.meta.url));
/** Seconds: short, so a hung box is found offline within a few seconds. */
const KEEPALIVE = 2;

/** Why the example box cannot run here, or null. */
function pythonMissing(): string | null {
  const probe = spawnSync(PYTHON, ['-c', 'import paho.mqtt.client, cryptography'], { encoding: 'utf8' });
  if (probe.status === 0) return null;
  return `the example box needs ${PYTHON} with paho-mqtt and cryptography: apt-get install python3-paho-mqtt python3-cryptography (${(probe.error?.message ?? probe.stderr).trim()})`;
}
const missing = pythonMissing();
// on CI a missing package is a broken machine, not a reason to skip
if (missing && process.env.CI) throw new Error(missing);
if (missing) console.warn(`skipped: ${missing}`);

describe.skipIf(missing !== null)('the example Python box (examples/python-box/box.py) against the embedded broker', () => {
  let t: TestApp;
  let w: FleetWorld;
  let base: string;
  let dir: string;
  let box: ChildProcess | null = null;
  let output = '';
  let machineId: number;
  let jti: string;
  const gw = 'PY-A';
  const events: LiveEvent[] = [];
  /** What the box said on its state topic (announces, goodbyes, and its will as the broker sent it), in order. */
  const states: { online: boolean; conn?: string; ts?: number }[] = [];

  const device = async () => (await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}`, { token: w.admin })).json().data as { online: boolean; firmware_version: string; fingerprint: string };
  const fingerprint = () => `fp-test-${w.boxes.a}`;
  /** Starts the box as its maker would, with short intervals so the test sees parts, alarms and traffic soon. */
  const start = () => {
    const args = ['--host', '127.0.0.1', '--port', String(t.deps.broker!.port), '--gateway', gw, '--secret', w.secrets[gw], '--fingerprint', fingerprint()];
    args.push('--machine', 'M1', '--keepalive', String(KEEPALIVE), '--interval', '0.1', '--traffic-interval', '1', '--cycle', '0.2');
    args.push('--imei', '860000000000017', '--iccid', '89860000000000000017', '--public-key', path.join(dir, 'platform.pem'), '--state-dir', dir);
    const child = spawn(PYTHON, [BOX, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    box = child;
    return child;
  };
  const gone = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
  const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (gone(child) ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));
  /** Polls until `check` holds (`seconds` at most), saying what the box printed when it does not. */
  const until = async <T>(check: () => Promise<T | undefined | null | false>, what: string, seconds = 15): Promise<T> => {
    for (let i = 0; i < seconds * 20; i++) {
      const value = await check();
      if (value) return value;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}; the box said:\n${output}`);
  };
  /** The box's first presence event going `online` at or after `after` (what a console tab hears). */
  const presence = (online: boolean, after: number) =>
    events.find((e): e is Extract<LiveEvent, { type: 'presence' }> => e.type === 'presence' && e.gateway_id === gw && e.online === online && Date.parse(e.at) >= after);
  const lastLog = async () => (await t.api('GET', `${DEVICE_PATH}/${w.boxes.a}/online_log`, { token: w.admin })).json().data[0] as { online: boolean; reason: string };
  const boxApi = (method: string, url: string, data?: unknown) => t.api('POST', `${DEVICE_PATH}/${w.boxes.a}/box_api`, { token: w.admin, body: { method, url, data } });

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'] });
    // boxes download firmware over real HTTP
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    w = await fleetWorld(t, 'PY');
    t.deps.live.subscribe((e) => events.push(e));
    t.deps.link!.onMessage('state', async (m) => void (m.gatewayId === gw && states.push(JSON.parse(m.payload.toString()) as (typeof states)[number])));
    dir = mkdtempSync(path.join(tmpdir(), 'gw-python-box-'));
    writeFileSync(path.join(dir, 'platform.pem'), (await t.api('GET', LICENSE_PUBLIC_KEY_PATH)).body);
    // a licence for one FANUC, bound to the fingerprint the box will report, then its machine tool
    jti = (await licenseBox(t, w.admin, w.boxes.a, [{ model: 'fanuc', count: 1 }])).jti;
    const machine = await t.api('POST', MACHINE_PATH, { token: w.admin, body: { device_id: w.boxes.a, code: 'M1', name: '立加 1 号', category: 'fanuc' } });
    expect(machine.json().code, machine.body).toBe(200);
    machineId = machine.json().data.id as number;
  });
  afterAll(async () => {
    if (box && !gone(box)) {
      box.kill('SIGKILL');
      await exited(box);
    }
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('connects with MQTT 3.1.1 and shows online, with the version and fingerprint it announced; MQTT 5 is refused', async () => {
    start();
    // online at its connect; version and fingerprint from its announce, a moment later
    await until(async () => (await device()).firmware_version, 'the box announced');
    expect(await device()).toMatchObject({ online: true, firmware_version: '1.0.0', fingerprint: fingerprint() });
    const v5 = mqtt.connectAsync(`mqtt://127.0.0.1:${t.deps.broker!.port}`, { clientId: 'PY-B', username: 'PY-B', password: w.secrets['PY-B'], protocolVersion: 5, reconnectPeriod: 0 });
    await expect(v5).rejects.toThrow();
  });

  it('is pushed its licence on connect, checks it with the platform key and keeps it; a wrong box password is 410', async () => {
    const login = (password: string) => t.api('POST', `${DEVICE_PATH}/${w.boxes.a}/box_login`, { token: w.admin, body: { password } });
    expect((await login('nope')).statusCode).toBe(410);
    expect((await login('admin')).json().code).toBe(200);
    const license = await until(async () => {
      const answer = (await boxApi('GET', '/api/license')).json().data as { installed: boolean; claims: { jti: string; finger_print: string } | null };
      return answer.installed && answer;
    }, 'the licence installed on the box');
    expect(license.claims).toMatchObject({ jti, finger_print: fingerprint() });
  });

  it('answers 刷新 (GET /api/info): the platform stores its IMEI and ICCID', async () => {
    const res = await t.api('POST', `${DEVICE_PATH}/${w.boxes.a}/refresh`, { token: w.admin });
    expect(res.json()).toMatchObject({
      code: 200,
      data: { firmware_version: '1.0.0', fingerprint: fingerprint(), imei: '860000000000017', iccid: '89860000000000000017', updated: ['imei', 'iccid'] },
    });
    expect(res.json().data.config).toMatchObject({ machines: [{ code: 'M1', category: 'fanuc', enabled: true }] });
  });

  it('refuses through 远程配置 a config past its licence (409 with the count), and takes one within it', async () => {
    const two = [{ code: 'M1', category: 'fanuc', enabled: true }, { code: 'M2', category: 'fanuc', enabled: true }];
    const over = await boxApi('POST', '/api/config', { machines: two });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ count: 1 });
    const within = await boxApi('POST', '/api/config', { interval_ms: 100 });
    expect(within.json()).toMatchObject({ code: 200, data: { interval_ms: 100 } });
    expect((await boxApi('GET', '/system/nothing')).statusCode).toBe(404);
  });

  it('sends its machine tool through the real ingest: state, values and parts made today', async () => {
    const realtime = async () => (await t.api('GET', `${MACHINE_PATH}/${machineId}/realtime`, { token: w.admin })).json().data as MachineRealtime;
    const first = await until(async () => ((await realtime()).ts ? realtime() : null), 'the first values');
    expect(['running', 'idle', 'alarm']).toContain(first.state);
    expect(first.values).toMatchObject({ cnc_type: '0i-MF', cnc_products: expect.any(Number), device_state: 0 });
    const parts = async () => (await t.api('GET', machineHistoryPath(machineId, 'parts'), { token: w.admin })).json().data as { total: number };
    await until(async () => (await parts()).total >= 2, 'two parts counted');
  });

  it('reports the alarms of its FANUC: 报警历史 lists one with its number and message', async () => {
    const alarms = await until(
      async () => {
        const rows = (await t.api('GET', machineHistoryPath(machineId, 'alarms'), { token: w.admin })).json().data as { alarm_no: string; alarm_msg: string }[];
        return rows.length > 0 && rows;
      },
      'an alarm',
      30,
    );
    // the box raises alarm 1001, alarm 2002 and the emergency stop in turn
    expect([{ alarm_no: '1001', alarm_msg: 'X轴正向超程' }, { alarm_no: '2002', alarm_msg: '润滑油位低' }]).toContainEqual({ alarm_no: alarms[0].alarm_no, alarm_msg: alarms[0].alarm_msg });
  });

  it('reports its byte counters: 设备流量 shows up and down for the box', async () => {
    const row = await until(async () => {
      const rows = (await t.api('GET', TRAFFIC_PATH, { token: w.admin })).json().data as { gateway_id: string; up_bytes: number; down_bytes: number }[];
      return rows.find((r) => r.gateway_id === gw && r.up_bytes > 0 && r.down_bytes > 0);
    }, 'traffic of the box');
    expect(row.up_bytes).toBeGreaterThan(row.down_bytes);
  });

  it('dropped by the platform, it is back by itself under a new conn; the will the broker sent names the old one', async () => {
    const announced = states.findLast((s) => s.online)!;
    const seen = states.length;
    const dropped = Date.now();
    expect(t.deps.link!.disconnect(gw)).toBe(true);
    await until(async () => presence(true, dropped), 'online again');
    // the platform and this test hear the box on two subscriptions: the platform may have it online first
    await until(async () => states.slice(seen + 1).some((s) => s.online), 'its new online state heard');
    const [will, ...later] = states.slice(seen);
    expect(will).toEqual({ online: false, conn: announced.conn });
    expect(later.find((s) => s.online)).toMatchObject({ online: true, conn: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/) });
    expect(later.find((s) => s.online)!.conn).not.toBe(announced.conn);
  });

  it('updates its firmware in a rollout: downloads the signed link, checks SHA-256, reboots and comes back on 1.1.0', async () => {
    const firmware = randomBytes(200_000);
    const form = new FormData();
    form.append('file', new Blob([firmware]), 'gw-1.1.0.bin');
    const file = (await (await fetch(`${base}${API}${VERSION_FILE_PATH}`, { method: 'POST', body: form, headers: { token: w.admin } })).json()) as { data: { file_id: string } };
    expect(file.data.file_id).toBe(createHash('sha256').update(firmware).digest('hex'));
    const version = await t.api('POST', VERSION_PATH, { token: w.admin, body: { version: '1.1.0', goods_ids: [w.goodsId], file_id: file.data.file_id, file_name: 'gw-1.1.0.bin' } });
    const versionId = version.json().data.id as number;
    expect((await t.api('POST', `${VERSION_PATH}/${versionId}/publish`, { token: w.admin })).json().code).toBe(200);
    const rollout = await t.api('POST', ROLLOUT_PATH, { token: w.admin, body: { version_id: versionId, target: { type: 'devices', ids: [w.boxes.a] }, batch_size: 1 } });
    expect(rollout.json().code, rollout.body).toBe(200);
    const id = rollout.json().data.id as number;
    const item = await until(async () => {
      const detail = (await t.api('GET', `${ROLLOUT_PATH}/${id}`, { token: w.admin })).json().data as RolloutDetail;
      const [only] = detail.items;
      return (only.state === 'done' || only.state === 'failed') && only;
    }, 'the update done');
    expect(item).toMatchObject({ state: 'done', error: '' });
    await until(async () => (await device()).online && (await device()).firmware_version === '1.1.0', 'online on 1.1.0');
    expect(output).toContain('rebooting into 1.1.0');
  });

  it('stops cleanly on SIGTERM: offline at once (断开), and back with its licence and version when started again', async () => {
    const stopped = Date.now();
    box!.kill('SIGTERM');
    expect(await exited(box!)).toBe(0);
    await until(async () => presence(false, stopped), 'offline');
    expect(await lastLog()).toMatchObject({ online: false, reason: 'disconnect' });
    start();
    await until(async () => (await device()).online, 'online again');
    expect(await device()).toMatchObject({ firmware_version: '1.1.0' });
    expect((await boxApi('GET', '/api/license')).json().data).toMatchObject({ installed: true, claims: { jti } });
  });

  it('killed (SIGKILL), it is offline at once: the broker publishes its will', async () => {
    const killed = Date.now();
    box!.kill('SIGKILL');
    await exited(box!);
    const offline = await until(async () => presence(false, killed), 'offline');
    expect(Date.parse(offline.at) - killed).toBeLessThan(KEEPALIVE * 1500);
    expect(await lastLog()).toMatchObject({ online: false, reason: 'will' });
  });

  it('hung (SIGSTOP), it is offline within keepalive × 1.5 (心跳超时)', async () => {
    start();
    await until(async () => (await device()).online, 'online again');
    const stopped = Date.now();
    box!.kill('SIGSTOP');
    const offline = await until(async () => presence(false, stopped), 'offline');
    // the broker gives up 1.5 × keepalive after the last packet, which came before the stop (the margin: timers
    // of a busy machine fire late)
    expect(Date.parse(offline.at) - stopped).toBeLessThanOrEqual(KEEPALIVE * 1500 + 500);
    expect(await lastLog()).toMatchObject({ online: false, reason: 'timeout' });
    box!.kill('SIGKILL');
    await exited(box!);
  });
});

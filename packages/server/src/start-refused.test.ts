import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pgliteDir } from './backup/pglite.js';
import { StartRefused, refusedListen } from './start-refused.js';
import { scratchFolder } from './test/scratch.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * `npm start` from the sources (tsx, with the server's tsconfig for @gw/contracts), on PGlite in the test's
 * folder whatever DATABASE_URL says: its exit code and output.
 */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'packages/server/tsconfig.json', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  // a start that did not refuse would run until killed: the test fails rather than hangs
  const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

/**
 * A port already taken (this machine's Mosquitto on 1883, another server on 9527) ends the start with one line
 * naming the setting to change — no stack trace, exit code 1, and no process left holding the other ports.
 */
describe('a start on a busy port', () => {
  let held: net.Server;
  let port: number;
  // one data dir for every start, holding a copy of the run's migrated database when there is one (a migration
  // at each start would only cost time: the refusals come after the database is open)
  const dataDir = scratchFolder('gw-busy-');
  const template = inject('testTemplate').pgliteDir;
  if (template) cpSync(template, pgliteDir(dataDir), { recursive: true });

  beforeAll(async () => {
    held = net.createServer();
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    port = (held.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => held.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const expectOneLine = (stderr: string, line: string) => {
    expect(stderr.trim().split('\n')).toEqual([`启动失败: ${line}`]);
    expect(stderr).not.toMatch(/^\s+at /m);
  };

  it('names MQTT_PORT when the MQTT port is taken', { timeout: 120_000 }, async () => {
    const run = await start({ DATA_DIR: dataDir, PORT: '0', MQTT_PORT: String(port) });
    expect(run.code).toBe(1);
    expectOneLine(run.stderr, `端口 ${port} 已被占用(MQTT_PORT),请设置 MQTT_PORT 为其他端口后重试`);
  });

  it('names PORT when the HTTP port is taken, and stops what had started', { timeout: 120_000 }, async () => {
    const run = await start({ DATA_DIR: dataDir, PORT: String(port), MQTT_PORT: '0' });
    expect(run.code).toBe(1);
    expectOneLine(run.stderr, `端口 ${port} 已被占用(PORT),请设置 PORT 为其他端口后重试`);
    expect(run.stdout).not.toContain('已启动');
  });

  it('names both settings when PORT and MQTT_PORT are the same', { timeout: 120_000 }, async () => {
    const free = net.createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const same = (free.address() as net.AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    const run = await start({ DATA_DIR: dataDir, PORT: String(same), MQTT_PORT: String(same) });
    expect(run.code).toBe(1);
    expectOneLine(run.stderr, `PORT 和 MQTT_PORT 都设为 ${same},请为二者设置不同的端口后重试`);
  });

  it('names the setting of a value out of range, without a stack either', { timeout: 120_000 }, async () => {
    const run = await start({ DATA_DIR: dataDir, PORT: 'abc' });
    expect(run.code).toBe(1);
    expectOneLine(run.stderr, '环境变量 PORT 必须是不小于 0 的数字,收到 "abc"');
  });
});

describe('which listen failures name a setting', () => {
  const failed = (code: string) => Object.assign(new Error(`listen ${code}`), { code, syscall: 'listen' });

  it('a privileged port, an address this machine lacks, and a failure wrapped by whoever rethrew it', () => {
    expect(refusedListen(failed('EACCES'), 'PORT', 80, '0.0.0.0')).toEqual(new StartRefused('没有权限使用端口 80(PORT),请设置 PORT 为 1024 以上的端口后重试'));
    expect(refusedListen(failed('EADDRNOTAVAIL'), 'PORT', 9527, '10.9.9.9')).toEqual(new StartRefused('本机没有地址 10.9.9.9(HOST),请设置 HOST 为本机的地址或 0.0.0.0 后重试'));
    const wrapped = new Error('MQTT 端口 1883 已被占用', { cause: failed('EADDRINUSE') });
    expect(refusedListen(wrapped, 'MQTT_PORT', 1883, '0.0.0.0')).toEqual(new StartRefused('端口 1883 已被占用(MQTT_PORT),请设置 MQTT_PORT 为其他端口后重试'));
  });

  it('leaves any other error as it was, stack and all', () => {
    const other = Object.assign(new Error('disk full'), { code: 'ENOSPC', syscall: 'write' });
    expect(refusedListen(other, 'PORT', 9527, '0.0.0.0')).toBe(other);
  });
});

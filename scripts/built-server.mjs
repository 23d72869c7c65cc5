// Starts the built server (`npm run build` first) as a child process on a free port with a fresh PGlite data
// dir and waits until it is healthy. Shared by the browser tests and the benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function freePort() {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** `healthyWithinMs`: how long the start may take to answer healthz before it is killed (a busy machine opening a big PGlite needs more than the 60 s default). */
export async function startBuiltServer({ env = {}, dataDir, port, nodeArgs = [], healthyWithinMs = 60_000 } = {}) {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'gw-run-'));
  const listenPort = port ?? (await freePort());
  const began = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'packages/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, PORT: String(listenPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', MQTT_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${listenPort}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/custom/api/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - began > healthyWithinMs) {
      // a server left running would hold its port and a core after the test that started it is gone
      child.kill('SIGKILL');
      throw new Error(`server not healthy after ${Math.round(healthyWithinMs / 1000)} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    port: listenPort,
    /** The server process, e.g. to sample its memory from /proc/<pid>/status. */
    pid: child.pid,
    dataDir: dir,
    startMs: performance.now() - began,
    output: () => output,
    /** SIGKILL (a crash: no shutdown work runs); resolves once the process is gone. The data dir stays. */
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    /** SIGTERM; resolves with the exit code and how long the stop took. */
    async stop({ keepData = false } = {}) {
      const t0 = performance.now();
      // a server that has already exited (it crashed, or was stopped before) has no exit left to wait for
      const gone = child.exitCode !== null || child.signalCode !== null;
      const exited = gone ? Promise.resolve(child.exitCode ?? child.signalCode) : new Promise((resolve) => child.once('exit', resolve));
      if (!gone) child.kill('SIGTERM');
      const code = await exited;
      if (!keepData && !dataDir) rmSync(dir, { recursive: true, force: true });
      return { code, ms: performance.now() - t0 };
    },
  };
}

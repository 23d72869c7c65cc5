// A PostgreSQL cluster and a Mosquitto of a test's own, on spare ports of 127.0.0.1 in temp dirs, that the test
// may stop, restart and kill without touching the machine's services (which other suites use at the same time).
// Shared by the reliability tests and the benchmarks.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './built-server.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export const accepting = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function waitFor(check, what, ms = 30_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what}: not ready after ${ms} ms`);
    await sleep(50);
  }
}

/** The folder of the machine's PostgreSQL programs (initdb, pg_ctl), the newest version installed. */
function pgBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error('PostgreSQL programs not found under /usr/lib/postgresql');
  return path.join(base, versions[0], 'bin');
}

/**
 * A fresh PostgreSQL cluster of its own (initdb, trust auth, fsync on): `url` to its database `gw`, `restart()`
 * (fast shutdown, then start on the same port), `kill()` (SIGKILL of the postmaster: crash recovery at the next
 * start), `start()`, `stop()` (and remove).
 */
export async function startPostgres({ port } = {}) {
  const bin = pgBin();
  const root = userInfo().uid === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-pg-'));
  // initdb refuses to run as root: as root the cluster belongs to the postgres user
  if (root) {
    chmodSync(dir, 0o777);
    execFileSync('chown', ['postgres:postgres', dir]);
  }
  const as = (cmd, args, opts = {}) => (root ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], opts) : execFileSync(cmd, args, opts));
  const data = path.join(dir, 'data');
  as(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C'], { stdio: 'ignore' });
  const listen = port ?? (await freePort());
  const options = `-p ${listen} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=64MB`;
  const start = async () => {
    as(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start'], { stdio: 'ignore' });
    await waitFor(() => accepting(listen), 'PostgreSQL');
  };
  const ctl = (...args) => as(path.join(bin, 'pg_ctl'), ['-D', data, ...args], { stdio: 'ignore' });
  await start();
  execFileSync('psql', ['-h', '127.0.0.1', '-p', String(listen), '-U', 'postgres', '-qc', 'create database gw'], { stdio: 'ignore' });
  return {
    url: `postgres://postgres@127.0.0.1:${listen}/gw`,
    port: listen,
    dir,
    start,
    /** Fast shutdown (clients are disconnected, the last commit is on disk), then a start on the same port. */
    async restart({ downMs = 0 } = {}) {
      ctl('-m', 'fast', '-w', 'stop');
      if (downMs) await sleep(downMs);
      await start();
    },
    /** The postmaster and its backends killed with SIGKILL (a crash); the next start() recovers from the WAL. */
    async kill() {
      const pid = Number(execFileSync('head', ['-1', path.join(data, 'postmaster.pid')], { encoding: 'utf8' }).trim());
      let children = [];
      try {
        children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').map(Number);
      } catch {
        /* none */
      }
      const all = [pid, ...children];
      for (const p of all) process.kill(p, 'SIGKILL');
      const alive = (p) => {
        try {
          process.kill(p, 0);
          return true;
        } catch {
          return false;
        }
      };
      await waitFor(async () => all.every((p) => !alive(p)), 'PostgreSQL processes gone', 10_000);
    },
    async stop() {
      try {
        ctl('-m', 'immediate', '-w', 'stop');
      } catch {
        /* already down */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The machine's Mosquitto of its own: open to anonymous clients (or with `extra` config lines), with
 * persistence in its temp dir so that a restart keeps persistent sessions and their queued QoS 1 messages.
 * `restart()` stops it (SIGTERM: it writes its persistence file) and starts it again on the same port.
 */
export async function startPrivateMosquitto({ port, extra = [] } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-mosquitto-'));
  const listen = port ?? (await freePort());
  // `user`: started as root, Mosquitto would switch to its own user, which cannot read the temp dir
  const lines = [
    `listener ${listen} 127.0.0.1`,
    `user ${userInfo().username}`,
    'allow_anonymous true',
    'persistence true',
    `persistence_location ${dir}/`,
    'autosave_interval 1',
    'max_queued_messages 100000',
    'log_dest none',
    ...extra,
  ];
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(conf, `${lines.join('\n')}\n`);
  let child;
  const start = async () => {
    child = spawn('/usr/sbin/mosquitto', ['-c', conf], { stdio: 'ignore' });
    await waitFor(() => accepting(listen), 'Mosquitto');
  };
  const stopChild = async (signal) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${listen}`,
    port: listen,
    dir,
    start,
    async restart({ downMs = 0 } = {}) {
      await stopChild('SIGTERM');
      if (downMs) await sleep(downMs);
      await start();
    },
    async stop() {
      await stopChild('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

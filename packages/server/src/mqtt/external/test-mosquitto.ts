import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
export const DYNSEC_ADMIN = { username: 'gw-admin', password: 'Dynsec-admin-1' };

export interface TestMosquitto {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const accepting = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * The machine's Mosquitto (/usr/sbin/mosquitto) on a spare port of 127.0.0.1, in a temp dir: with the dynamic
 * security plugin (its admin DYNSEC_ADMIN, everything else refused) or open to anonymous clients.
 */
export async function startMosquitto(options: { dynsec: boolean }): Promise<TestMosquitto> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-mosquitto-'));
  const port = await freePort();
  // `user`: started as root, Mosquitto would switch to its own user, which cannot read the temp dir
  const lines = [`listener ${port} 127.0.0.1`, `user ${userInfo().username}`, 'persistence false', 'log_dest none'];
  if (options.dynsec) {
    const file = path.join(dir, 'dynamic-security.json');
    execFileSync('mosquitto_ctrl', ['dynsec', 'init', file, DYNSEC_ADMIN.username, DYNSEC_ADMIN.password], { stdio: 'ignore' });
    lines.push('allow_anonymous false', `plugin ${DYNSEC_PLUGIN}`, `plugin_opt_config_file ${file}`);
  } else {
    lines.push('allow_anonymous true');
  }
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(conf, `${lines.join('\n')}\n`);
  const child: ChildProcess = spawn('/usr/sbin/mosquitto', ['-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 100 && !(await accepting(port)); i++) await new Promise((r) => setTimeout(r, 50));
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { spawn } from 'node:child_process';
import { BackupError } from './backup-error.js';

const INSTALL_HINT: Record<string, string> = {
  tar: 'apt-get install tar',
  pg_dump: 'apt-get install postgresql-client',
  pg_restore: 'apt-get install postgresql-client',
  psql: 'apt-get install postgresql-client',
};

/** A machine tool by name: PostgreSQL's from PG_BIN when set (e.g. /usr/lib/postgresql/16/bin), else from PATH. */
export function toolPath(name: string): string {
  const bin = process.env.PG_BIN;
  return bin && name !== 'tar' ? `${bin.replace(/\/+$/, '')}/${name}` : name;
}

/** Starts a machine tool; its stderr is kept for the error message. */
export function startTool(name: string, args: string[], options: { env?: NodeJS.ProcessEnv; stdin?: 'pipe' | 'ignore'; stdout?: 'pipe' | 'ignore' } = {}) {
  const child = spawn(toolPath(name), args, {
    env: { ...process.env, ...options.env },
    stdio: [options.stdin ?? 'ignore', options.stdout ?? 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(`找不到命令 ${toolPath(name)},请先安装 (${INSTALL_HINT[name] ?? name})`, `${toolPath(name)} not found: install it (${INSTALL_HINT[name] ?? name})${name === 'tar' ? '' : ' or set PG_BIN'}`)
          : err,
      ),
    );
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${name} 失败 (${signal ?? code}): ${stderr.trim()}`, `${name} failed (${signal ?? code})`));
    });
  });
  return { child: child, done };
}

/** Runs a machine tool to its end and answers its stdout. */
export async function runTool(name: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const { child, done } = startTool(name, args, { env, stdout: 'pipe' });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  await done;
  return out;
}

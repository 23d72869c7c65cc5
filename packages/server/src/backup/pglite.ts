import { existsSync } from 'node:fs';
import { readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { BackupError } from './backup-error.js';

/** Where the server keeps PGlite's data (main.ts opens the same folder). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * The processes holding files of `dir` open, read from /proc (Linux): PGlite keeps its relation files open while a
 * server runs on it. null where /proc cannot tell.
 */
export async function processesUsing(dir: string): Promise<number[] | null> {
  const pids = await readdir('/proc').catch(() => null);
  if (!pids) return null;
  const inside = path.resolve(dir) + path.sep;
  const using: number[] = [];
  for (const pid of pids.filter((p) => /^\d+$/.test(p))) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]); // other users' processes: unreadable
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (target.startsWith(inside)) {
        using.push(Number(pid));
        break;
      }
    }
  }
  return using;
}

/**
 * PGlite runs inside one process and has no lock of its own: a second process opening the same folder would
 * write over the first one's pages. So backup and restore refuse while any process holds the folder open. Where
 * that cannot be seen (no /proc), the postmaster.pid PGlite keeps while open (and leaves after a crash) stands
 * in for it, and `force` is the operator's word that the server is stopped.
 */
export async function checkPgliteIdle(dir: string, force: boolean): Promise<void> {
  const using = await processesUsing(dir);
  if (using?.length) {
    throw new BackupError(
      `进程 ${using.join(', ')} 正在使用 PGlite 数据库 ${dir},请先停止服务 (PGlite 只能由一个进程打开)`,
      `process ${using.join(', ')} has the PGlite database ${dir} open: stop the server first (PGlite is single-process)`,
    );
  }
  if (using === null && existsSync(path.join(dir, 'postmaster.pid')) && !force) {
    throw new BackupError(
      `无法确认服务是否已停止 (${dir}/postmaster.pid 存在);确认已停止请加 --force`,
      `cannot tell whether the server is stopped (${dir}/postmaster.pid exists): add --force once it is`,
    );
  }
}

/**
 * Opens the PGlite folder (recovering it if the server was killed), reads PostgreSQL's version and the newest
 * migration, and closes it again cleanly — so the folder is checkpointed and consistent on disk. No migration runs.
 */
export async function readPglite(dir: string): Promise<{ version: string; migrationWhen: number | null }> {
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  } catch (err) {
    throw new BackupError(`无法打开 PGlite 数据库 ${dir}: ${(err as Error).message}`, `cannot open the PGlite database ${dir}`);
  }
  try {
    const version = (await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0].v;
    const table = (await client.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`)).rows[0].t;
    if (!table) return { version, migrationWhen: null };
    const { rows } = await client.query<{ when: string | null }>('select max(created_at)::text as when from drizzle.__drizzle_migrations');
    return { version, migrationWhen: rows[0].when === null ? null : Number(rows[0].when) };
  } finally {
    await client.close();
  }
}

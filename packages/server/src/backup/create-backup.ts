import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { MANIFEST, createTar, describeFile, describeFolder } from './archive.js';
import { BACKUP_FORMAT, type DatabaseKind, FILE_FOLDERS, type Manifest, type Part, migrationAt } from './manifest.js';
import { stageFolder } from './folders.js';
import { BackupError } from './backup-error.js';
import { checkPgliteIdle, pgliteDir, readPglite } from './pglite.js';
import { dumpPostgres, postgresState } from './postgres.js';

export const DUMP = 'database.pgdump';

export interface BackupOptions {
  /** The archive to write, or a folder to write gw-backup-<local time>.tar.gz into; default ./backups. */
  out?: string;
  /** PGlite where /proc cannot show whether the server runs: the operator says it is stopped. */
  force?: boolean;
  log?: (line: string) => void;
  now?: Date;
}

/** YYYY-MM-DD HH:MM:SS in the machine's local time, the time an operator reads on their clock. */
export function localTime(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())} ${p(at.getHours())}:${p(at.getMinutes())}:${p(at.getSeconds())}`;
}

/** gw-backup-YYYYMMDD-HHMMSS.tar.gz, local time. */
export const backupName = (now: Date) => `gw-backup-${localTime(now).replace(/[-:]/g, '').replace(' ', '-')}.tar.gz`;

function outputPath(out: string | undefined, now: Date): string {
  if (!out) return path.resolve('backups', backupName(now));
  const isFolder = out.endsWith('/') || (existsSync(out) && !out.endsWith('.gz'));
  return path.resolve(isFolder ? path.join(out, backupName(now)) : out);
}

/**
 * Writes one archive holding the database (pg_dump's archive, or PGlite's folder with the server stopped), the
 * uploaded and firmware files and a manifest describing and checksumming every part. The archive appears under its
 * name only when complete.
 */
export async function createBackup(config: Config, options: BackupOptions = {}): Promise<{ file: string; manifest: Manifest; size: number }> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const kind: DatabaseKind = config.databaseUrl ? 'postgres' : 'pglite';
  const file = outputPath(options.out, now);
  await mkdir(config.dataDir, { recursive: true });
  // inside DATA_DIR: the files are hard-linked into it, which needs the same file system
  const stage = await mkdtemp(path.join(config.dataDir, '.backup-'));
  const partial = `${file}.partial`;
  try {
    const parts: Record<string, Part> = {};
    let database: { version: string; migrationWhen: number | null };
    const sources = [{ cwd: stage, names: [MANIFEST] }];
    if (kind === 'postgres') {
      database = await postgresState(config.databaseUrl);
      checkMigrated(database.migrationWhen, 'DATABASE_URL');
      log('数据库 database: pg_dump (PostgreSQL)');
      await dumpPostgres(config.databaseUrl, path.join(stage, DUMP));
      parts[DUMP] = await describeFile(path.join(stage, DUMP));
      sources[0].names.push(DUMP);
    } else {
      const dir = pgliteDir(config.dataDir);
      await checkPgliteIdle(dir, !!options.force);
      if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`${dir} 没有 PGlite 数据库`, `there is no PGlite database in ${dir}`);
      log(`数据库 database: PGlite ${dir}`);
      database = await readPglite(dir);
      checkMigrated(database.migrationWhen, dir);
      await describeFolder(dir, 'pglite', parts);
      sources.push({ cwd: config.dataDir, names: ['pglite'] });
    }
    // after the dump: every file a dumped row names was stored before that row was written
    const files = {} as Manifest['files'];
    for (const folder of FILE_FOLDERS) {
      await stageFolder(path.join(config.dataDir, folder), path.join(stage, 'files', folder));
      files[folder] = await describeFolder(path.join(stage, 'files', folder), `files/${folder}`, parts);
      log(`文件 files: ${folder} ${files[folder].count} 个, ${formatBytes(files[folder].bytes)}`);
    }
    sources[0].names.push('files');
    const migration = migrationAt(database.migrationWhen!);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      created_at: now.toISOString(),
      database: { kind, migration: migration.tag, migration_when: migration.when, version: database.version },
      files,
      parts,
    };
    await writeFile(path.join(stage, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
    await mkdir(path.dirname(file), { recursive: true });
    await createTar(partial, sources);
    // PGlite's folder was read in place: a server started meanwhile may have changed it under tar
    if (kind === 'pglite') await checkPgliteIdle(pgliteDir(config.dataDir), true);
    await rename(partial, file);
    return { file, manifest, size: (await stat(file)).size };
  } finally {
    await rm(partial, { force: true });
    await rm(stage, { recursive: true, force: true });
  }
}

function checkMigrated(when: number | null, where: string): void {
  if (when === null) throw new BackupError(`${where} 里没有本系统的数据 (服务从未在其上启动过)`, `${where} holds no data of this system (the server never started on it)`);
  if (migrationAt(when).tag.startsWith('unknown-')) {
    throw new BackupError('数据库结构比本程序新,请用更新后的程序做备份', 'the database was migrated by a newer release: back it up with that release');
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { extractTar, filesUnder, readManifest, verifyParts } from './archive.js';
import { DUMP, formatBytes } from './create-backup.js';
import { hasEntries, replaceFolder } from './folders.js';
import { type DatabaseKind, FILE_FOLDERS, type Manifest, checkManifest } from './manifest.js';
import { BackupError } from './backup-error.js';
import { checkPgliteIdle, pgliteDir, readPglite } from './pglite.js';
import { checkNoOtherSessions, postgresState, restorePostgres } from './postgres.js';

export interface RestoreOptions {
  /** Replace a database and files that are not empty (and, without /proc, vouch that the server is stopped). */
  force?: boolean;
  log?: (line: string) => void;
}

/**
 * Restores an archive of createBackup into the database and DATA_DIR this configuration names. Everything is
 * checked before anything changes — the manifest (format, kind of database, migration), a stopped server, an
 * empty target unless forced, and every part's SHA-256 — then the database is restored and the file folders
 * are put in place as they were at the backup (files added since are gone with the rest of the newer state).
 */
export async function restoreBackup(config: Config, file: string, options: RestoreOptions = {}): Promise<Manifest> {
  const log = options.log ?? (() => {});
  const force = !!options.force;
  if (!existsSync(file)) throw new BackupError(`找不到备份文件 ${file}`, `no such backup file: ${file}`);
  const manifest = await readManifest(file);
  const kind: DatabaseKind = config.databaseUrl ? 'postgres' : 'pglite';
  checkManifest(manifest, kind);
  await checkTarget(config, kind, force);

  await mkdir(config.dataDir, { recursive: true });
  // inside DATA_DIR, so that putting the folders in place is a rename on one file system
  const stage = await mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    const unpacked = path.join(stage, 'backup');
    await mkdir(unpacked);
    log(`校验 verify: ${Object.keys(manifest.parts).length} 个文件 files`);
    await extractTar(file, unpacked);
    await verifyParts(unpacked, manifest);

    if (kind === 'postgres') {
      log('数据库 database: PostgreSQL (DATABASE_URL)');
      await restorePostgres(config.databaseUrl, path.join(unpacked, DUMP), path.join(stage, 'toc.list'));
      checkRestored((await postgresState(config.databaseUrl)).migrationWhen, manifest);
    } else {
      const dir = pgliteDir(config.dataDir);
      log(`数据库 database: PGlite ${dir}`);
      // opened where it was unpacked: a folder this PGlite cannot read is refused before the old one goes
      checkRestored((await readPglite(path.join(unpacked, 'pglite'))).migrationWhen, manifest);
      await checkPgliteIdle(dir, force);
      await replaceFolder(dir, path.join(unpacked, 'pglite'), path.join(stage, 'old-pglite'));
    }
    for (const folder of FILE_FOLDERS) {
      await replaceFolder(path.join(config.dataDir, folder), path.join(unpacked, 'files', folder), path.join(stage, `old-${folder}`));
      log(`文件 files: ${folder} ${manifest.files[folder].count} 个, ${formatBytes(manifest.files[folder].bytes)}`);
    }
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** The refusals that need no unpacking: a running server, a target holding data without --force. */
async function checkTarget(config: Config, kind: DatabaseKind, force: boolean): Promise<void> {
  const notEmpty: string[] = [];
  if (kind === 'postgres') {
    const state = await postgresState(config.databaseUrl);
    checkNoOtherSessions(state);
    if (state.relations > 0) notEmpty.push('DATABASE_URL');
  } else {
    const dir = pgliteDir(config.dataDir);
    await checkPgliteIdle(dir, force);
    if (await hasEntries(dir)) notEmpty.push(dir);
  }
  for (const folder of FILE_FOLDERS) {
    const dir = path.join(config.dataDir, folder);
    if ((await filesUnder(dir)).length > 0) notEmpty.push(dir);
  }
  if (notEmpty.length && !force) {
    throw new BackupError(
      `目标不是空的: ${notEmpty.join(', ')};恢复会替换其中全部数据,确认请加 --force`,
      `not empty: ${notEmpty.join(', ')}; a restore replaces all of it: add --force to go ahead`,
    );
  }
}

function checkRestored(when: number | null, manifest: Manifest): void {
  if (when !== manifest.database.migration_when) {
    throw new BackupError(
      `恢复后的数据库结构 (${when}) 与备份记录的 (${manifest.database.migration}) 不一致`,
      `the restored database's migration (${when}) differs from the backup's (${manifest.database.migration})`,
    );
  }
}

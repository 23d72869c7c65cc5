import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BackupError } from './backup-error.js';

/** The layout of a backup archive; a restore refuses archives of a newer format than it knows. */
export const BACKUP_FORMAT = 1;

export type DatabaseKind = 'pglite' | 'postgres';

/** The folders of DATA_DIR a backup carries (exports are temporary and left out). */
export const FILE_FOLDERS = ['uploads', 'firmware'] as const;
export type FileFolder = (typeof FILE_FOLDERS)[number];

/** A file inside the archive: its size and SHA-256, checked before anything is restored. */
export interface Part {
  size: number;
  sha256: string;
}

/** manifest.json, the archive's first entry: what the backup holds and where it came from. */
export interface Manifest {
  format: number;
  created_at: string;
  database: {
    kind: DatabaseKind;
    /** The newest migration applied (its tag in drizzle/meta/_journal.json) and the time drizzle records for it. */
    migration: string;
    migration_when: number;
    /** PostgreSQL's version as the database reported it. */
    version: string;
  };
  files: Record<FileFolder, { count: number; bytes: number }>;
  /** Every file of the archive except the manifest, by its path in the archive. */
  parts: Record<string, Part>;
}

export interface Migration {
  tag: string;
  when: number;
}

const journal = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../drizzle/meta/_journal.json');

/** The migrations this code knows, oldest first (the same folder openDatabase migrates from). */
export function knownMigrations(): Migration[] {
  const { entries } = JSON.parse(readFileSync(journal, 'utf8')) as { entries: { tag: string; when: number }[] };
  return entries.map(({ tag, when }) => ({ tag, when }));
}

/** The migration drizzle recorded as applied at `when` (its folderMillis); a database ahead of this code has none. */
export function migrationAt(when: number): Migration {
  return knownMigrations().find((m) => m.when === when) ?? { tag: `unknown-${when}`, when };
}

const KIND_NAME: Record<DatabaseKind, string> = { pglite: 'PGlite (DATA_DIR/pglite)', postgres: 'PostgreSQL (DATABASE_URL)' };

/**
 * Refuses a backup this code cannot restore faithfully: a newer archive format, a database migrated further than
 * this code knows (the server would run on a schema it does not understand), or the other kind of database — a
 * PGlite backup is PGlite's own data folder and a PostgreSQL backup is pg_dump's archive, neither loads into the other.
 */
export function checkManifest(manifest: Manifest, target: DatabaseKind): void {
  if (!Number.isInteger(manifest.format) || manifest.format > BACKUP_FORMAT) {
    throw new BackupError(
      `备份格式 ${manifest.format} 比本程序支持的 ${BACKUP_FORMAT} 新,请用较新版本的程序恢复`,
      `backup format ${manifest.format} is newer than this code's ${BACKUP_FORMAT}: restore it with a newer release`,
    );
  }
  if (manifest.database.kind !== target) {
    throw new BackupError(
      `这是 ${KIND_NAME[manifest.database.kind]} 的备份,不能恢复到 ${KIND_NAME[target]}${manifest.database.kind === 'postgres' ? ',请设置 DATABASE_URL 指向一个 PostgreSQL 数据库' : ',请去掉 DATABASE_URL 再恢复'}`,
      `this is a backup of ${KIND_NAME[manifest.database.kind]}; it cannot be restored into ${KIND_NAME[target]}`,
    );
  }
  const known = knownMigrations();
  if (!known.some((m) => m.tag === manifest.database.migration && m.when === manifest.database.migration_when)) {
    throw new BackupError(
      `备份的数据库结构 (${manifest.database.migration}) 比本程序新或未知 (本程序最新: ${known.at(-1)?.tag}),请用做备份的版本或更新的版本恢复`,
      `the backup's schema (${manifest.database.migration}) is newer than or unknown to this code (newest here: ${known.at(-1)?.tag})`,
    );
  }
}

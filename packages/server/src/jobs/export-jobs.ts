import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { EXPORT_PATH, type ExportJob } from '@gw/contracts';
import type { AppDeps } from '../app-deps.js';
import type { Config } from '../config.js';
import { exportJob } from '../db/schema.js';
import { refused } from '../http/errors.js';
import { API_PREFIX } from '../http/guard.js';
import type { ResourceDef } from '../http/resource/types.js';
import type { SessionUser } from '../http/types.js';
import { sanitizeFileName } from '../lib/file-name.js';
import { MSG } from './messages.js';
import { zoneTime } from '../lib/platform-zone.js';

export type ExportJobRow = typeof exportJob.$inferSelect;

export const exportsDir = (config: Config) => path.join(config.dataDir, 'exports');

export const downloadUrl = (id: number) => `${API_PREFIX}${EXPORT_PATH}/${id}/download`;

/** Whether the job's file may still be downloaded: written, and not past its expiry. */
export const isDownloadable = (row: ExportJobRow, now: Date) =>
  row.state === 'done' && row.file_path !== '' && (!row.expires_at || row.expires_at > now);

export function serializeJob(row: ExportJobRow, now: Date): ExportJob {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    resource: row.resource,
    title: row.title,
    filters: row.filters,
    state: row.state,
    progress: row.progress,
    row_count: row.row_count,
    total: row.total,
    file_name: row.file_name,
    file_size: row.file_size,
    error: row.error,
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    expires_at: iso(row.expires_at),
    download_url: isDownloadable(row, now) ? downloadUrl(row.id) : null,
  };
}

/** The name the user downloads: `客户_20240501_083000.xlsx` (the platform's zone). */
export function exportFileName(title: string, now: Date): string {
  return `${title}_${zoneTime(now).replace(/-/g, '').replace(' ', '_').replace(/:/g, '')}.xlsx`;
}

/** Where a job's file lives: DATA_DIR/exports/<id>-<safe name>; the id keeps names of one second apart. */
export async function diskPathOf(config: Config, id: number, fileName: string): Promise<string> {
  const dir = exportsDir(config);
  await mkdir(dir, { recursive: true });
  return path.join(dir, `${id}-${sanitizeFileName(fileName)}`);
}

/** Deletes job files; a file already gone is fine (another node's sweep, a manual clean-up). */
export async function removeFiles(files: string[]): Promise<void> {
  await Promise.all(files.filter(Boolean).map((file) => rm(file, { force: true })));
}

export const expiryFrom = (config: Config, now: Date) => new Date(now.getTime() + config.exportTtlHours * 3_600_000);

/**
 * The data scope an export runs with, kept in the job's `customer_id`: null for a user who sees everything,
 * otherwise the root of the user's customer subtree — so the job exports what its user saw when asking.
 */
export function exportScopeOf(user: SessionUser, def: ResourceDef): number | null {
  if (user.scope === 'all') return null;
  // null would read back as "everything": a scoped user without a company has nothing to export
  if (user.customerId == null && def.scopeColumn) throw refused(MSG.noCompany);
  return user.customerId;
}

/** The user a job's list query runs as: only its scope matters to listWhere. */
export function scopeUserOf(job: ExportJobRow): SessionUser {
  return {
    id: job.user_id,
    username: job.username,
    name: job.username,
    customerId: job.customer_id,
    sessionId: '',
    roleIds: [],
    heldRoleIds: [],
    grants: { superUser: false, roleMenu: [] },
    scope: job.customer_id == null ? 'all' : 'own',
  };
}

/**
 * Stores a file written by `write` as a finished job of `user` (the import's failed rows), so it is listed,
 * downloaded and expired like an export. Returns the job's id.
 */
export async function storeFileAsJob(
  deps: AppDeps,
  user: SessionUser,
  job: { resource: string; title: string; rows: number },
  write: (file: string) => Promise<void>,
): Promise<number> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const fileName = exportFileName(job.title, now);
  const [row] = await db
    .insert(exportJob)
    .values({
      user_id: user.id,
      username: user.username,
      customer_id: user.scope === 'all' ? null : user.customerId,
      resource: job.resource,
      title: job.title,
      state: 'running',
      file_name: fileName,
      created_at: now,
      started_at: now,
    })
    .returning({ id: exportJob.id });
  const file = await diskPathOf(config, row.id, fileName);
  try {
    await write(file);
  } catch (err) {
    await rm(file, { force: true });
    await db.delete(exportJob).where(eq(exportJob.id, row.id));
    throw err;
  }
  const done = clock.now();
  await db
    .update(exportJob)
    .set({
      state: 'done',
      progress: 100,
      row_count: job.rows,
      total: job.rows,
      file_path: file,
      file_size: (await stat(file)).size,
      finished_at: done,
      expires_at: expiryFrom(config, done),
    })
    .where(eq(exportJob.id, row.id));
  return row.id;
}

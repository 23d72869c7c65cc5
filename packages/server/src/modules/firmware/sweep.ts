import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firmwareVersion } from '../../db/schema.js';
import { firmwareDir } from './store.js';

/** How long an upload waits for its release (the 新增版本 form between 上传 and 保存) before it may be swept. */
export const FIRMWARE_UPLOAD_GRACE_MS = 24 * 3_600_000;

const STORED = /^[0-9a-f]{64}$/;
const PARTIAL = /^tmp-[0-9a-f]+$/;

/**
 * Removes the firmware files nothing needs: a stored file (named by its SHA-256) that no release except deleted
 * ones holds — an upload never saved as a release, a draft's file replaced, a deleted release's file (boxes may
 * not fetch it any more) — and a partial upload a crash left behind, each once it is older than `graceMs` (an
 * upload is touched when it is uploaded again). A file is checked against the releases just before it goes, so a
 * release saved meanwhile keeps it. Answers the names removed. Several nodes on one store may sweep together.
 */
export async function sweepFirmwareFiles(db: Db, dataDir: string, now: Date, graceMs = FIRMWARE_UPLOAD_GRACE_MS): Promise<string[]> {
  const dir = firmwareDir(dataDir);
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const removed: string[] = [];
  for (const name of names) {
    if (!STORED.test(name) && !PARTIAL.test(name)) continue; // not ours: left alone
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now.getTime() - info.mtimeMs < graceMs) continue;
    if (STORED.test(name)) {
      const [held] = await db
        .select({ id: firmwareVersion.id })
        .from(firmwareVersion)
        .where(and(eq(firmwareVersion.sha256, name), ne(firmwareVersion.status, 'deleted')))
        .limit(1);
      if (held) continue;
    }
    await rm(file, { force: true });
    removed.push(name);
  }
  return removed;
}

import { existsSync } from 'node:fs';
import { copyFile, cp, link, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { filesUnder } from './archive.js';

// a firmware upload still being written (store.ts names it tmp-<hex> until it is renamed to its hash)
const PARTIAL_FIRMWARE = /^tmp-[0-9a-f]+$/;

/**
 * Freezes the files of `source` in `stage`: each hard-linked (copied where `stage` is on another file system), so
 * a file removed or added while the archive is written changes nothing in it. The server never rewrites a stored
 * file (uploads get fresh names, firmware is named by its hash), so a link holds the bytes as they were.
 */
export async function stageFolder(source: string, stage: string): Promise<void> {
  await mkdir(stage, { recursive: true });
  for (const rel of await filesUnder(source)) {
    if (PARTIAL_FIRMWARE.test(rel)) continue;
    const from = path.join(source, rel);
    const to = path.join(stage, rel);
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await link(from, to);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // removed since the listing (a firmware sweep): not part of the backup
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw err;
      await copyFile(from, to);
      const { atime, mtime } = await stat(from);
      await utimes(to, atime, mtime); // the firmware sweep's grace counts from the file's time
    }
  }
}

/** True when `dir` holds any file or folder. */
export async function hasEntries(dir: string): Promise<boolean> {
  return (await readdir(dir).catch(() => [])).length > 0;
}

/**
 * Puts `staged` in the place of `target`, the old content moved to `trash`: two renames on one file system. A
 * target that is a mount point (shared storage between nodes) cannot be renamed: its content is replaced instead.
 */
export async function replaceFolder(target: string, staged: string, trash: string): Promise<void> {
  await mkdir(staged, { recursive: true });
  if (existsSync(target)) {
    try {
      await rename(target, trash);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EBUSY' && code !== 'EXDEV' && code !== 'EPERM') throw err;
      for (const entry of await readdir(target)) await rm(path.join(target, entry), { recursive: true, force: true });
      await cp(staged, target, { recursive: true, preserveTimestamps: true });
      return;
    }
  }
  await mkdir(path.dirname(target), { recursive: true });
  await rename(staged, target);
}

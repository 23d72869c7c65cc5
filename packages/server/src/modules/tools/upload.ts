import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';

export interface StoredFile {
  name: string;
  url: string;
}

export const UPLOAD_URL = '/custom/uploads';

/**
 * A name that is safe on disk and in a URL: no folders, no dot-files, no control or shell characters; the
 * original's extension kept for the browser's sake.
 */
export function sanitizeFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f<>:"|?*%#&;$`'\s]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-120);
  return cleaned || 'file';
}

/** Streams one part to `<root>/<yyyymm>/<random>-<safe name>`; a part cut off by the size limit leaves nothing. */
export async function storeUpload(root: string, part: MultipartFile, now: Date): Promise<StoredFile> {
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const safe = sanitizeFileName(part.filename);
  const stored = `${randomBytes(6).toString('hex')}-${safe}`;
  const dir = path.join(root, month);
  const target = path.join(dir, stored);
  if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error('upload path escaped its folder');
  await mkdir(dir, { recursive: true });
  try {
    await pipeline(part.file, createWriteStream(target, { flags: 'wx' }));
  } catch (err) {
    await rm(target, { force: true });
    throw err;
  }
  if (part.file.truncated) {
    await rm(target, { force: true });
    throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 });
  }
  return { name: safe, url: `${UPLOAD_URL}/${month}/${encodeURIComponent(stored)}` };
}

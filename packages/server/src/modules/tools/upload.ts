import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { FILE_FIELD } from '../../http/multipart.js';
import { sanitizeFileName } from '../../lib/file-name.js';

export interface StoredFile {
  name: string;
  url: string;
}

export const UPLOAD_URL = '/custom/uploads';

/**
 * Stores every part of the field `file` (other parts are drained) and returns them in order. A request is
 * stored whole or not at all: when one part fails (too large, client gone) the parts already written are removed.
 */
export async function storeUploads(root: string, parts: AsyncIterable<MultipartFile>, now: Date): Promise<StoredFile[]> {
  const stored: (StoredFile & { disk: string })[] = [];
  try {
    for await (const part of parts) {
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume();
        continue;
      }
      stored.push(await storeUpload(root, part, now));
    }
  } catch (err) {
    await Promise.all(stored.map((f) => rm(f.disk, { force: true })));
    throw err;
  }
  return stored.map(({ name, url }) => ({ name, url }));
}

/** Streams one part to `<root>/<yyyymm>/<random>-<safe name>`; a part cut off by the size limit leaves nothing. */
async function storeUpload(root: string, part: MultipartFile, now: Date): Promise<StoredFile & { disk: string }> {
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
  return { name: safe, url: `${UPLOAD_URL}/${month}/${encodeURIComponent(stored)}`, disk: target };
}

import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FirmwareFile } from '@gw/contracts';
import { AppError, badRequest } from '../../http/errors.js';
import { FILE_FIELD } from '../../http/multipart.js';
import { sanitizeFileName } from '../../lib/file-name.js';
import { MSG } from './messages.js';

/** Firmware files live in DATA_DIR/firmware, each named by its SHA-256: the same file uploaded twice is kept once. */
export const firmwareDir = (dataDir: string) => path.join(dataDir, 'firmware');

/** Where the file of SHA-256 `sha256` (64 hex digits, checked by the schemas) is kept. */
export const firmwarePath = (dataDir: string, sha256: string) => path.join(firmwareDir(dataDir), sha256);

/** The size of a stored firmware file, or null when the store has none of that SHA-256. */
export async function storedSize(dataDir: string, sha256: string): Promise<number | null> {
  return stat(firmwarePath(dataDir, sha256)).then(
    (s) => (s.isFile() ? s.size : null),
    () => null,
  );
}

/**
 * Stores the first part of the field `file` (other parts are drained): streamed to a temporary file while its
 * SHA-256 and size are counted, then renamed to its hash. A part over `maxMb`, cut off or empty leaves nothing.
 */
export async function storeFirmware(dataDir: string, parts: AsyncIterable<MultipartFile>, maxMb: number): Promise<FirmwareFile> {
  let stored: FirmwareFile | undefined;
  for await (const part of parts) {
    if (part.fieldname !== FILE_FIELD || stored) {
      part.file.resume();
      continue;
    }
    stored = await storePart(dataDir, part, maxMb);
  }
  if (!stored) throw badRequest(MSG.noFile);
  return stored;
}

async function storePart(dataDir: string, part: MultipartFile, maxMb: number): Promise<FirmwareFile> {
  const dir = firmwareDir(dataDir);
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `tmp-${randomBytes(8).toString('hex')}`);
  const hash = createHash('sha256');
  let size = 0;
  try {
    await pipeline(
      part.file,
      async function* count(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      createWriteStream(tmp, { flags: 'wx' }),
    );
    if (part.file.truncated) throw new AppError(413, 413, MSG.tooLarge(maxMb));
    if (size === 0) throw badRequest(MSG.emptyFile);
    const sha256 = hash.digest('hex');
    const target = firmwarePath(dataDir, sha256);
    // the same file uploaded before: keep the stored one (a box may be reading it), touched so that the sweep
    // (sweep.ts) gives this upload its full wait for a release
    if (await access(target).then(() => true, () => false)) {
      await rm(tmp, { force: true });
      const now = new Date();
      await utimes(target, now, now);
    } else await rename(tmp, target);
    return { file_id: sha256, file_name: sanitizeFileName(part.filename), size, sha256 };
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

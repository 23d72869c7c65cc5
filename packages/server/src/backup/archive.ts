import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Manifest, Part } from './manifest.js';
import { BackupError } from './backup-error.js';
import { runTool, startTool } from './run-tool.js';

export const MANIFEST = 'manifest.json';

/**
 * Writes `out` as a gzipped tar of the named entries of each folder, in order (the manifest first). The machine's
 * tar writes it, so an operator can list or open a backup with the tool they know; gzip at level 1 takes half
 * the time of tar's default level for a few per cent more bytes (firmware is compressed already).
 */
export async function createTar(out: string, sources: { cwd: string; names: string[] }[]): Promise<void> {
  const tar = startTool('tar', ['-cf', '-', ...sources.flatMap(({ cwd, names }) => ['-C', cwd, ...names])], { stdout: 'pipe' });
  await Promise.all([pipeline(tar.child.stdout!, createGzip({ level: 1 }), createWriteStream(out)), tar.done]);
}

/** Unpacks the whole archive into `dir`, files owned by whoever restores (not by the uid that made the backup). */
export async function extractTar(file: string, dir: string): Promise<void> {
  await runTool('tar', ['-xzf', file, '-C', dir, '--no-same-owner']);
}

/**
 * The manifest, read from the archive's first file without unpacking the rest: a backup of the wrong kind or of a
 * newer version is refused before gigabytes are written anywhere.
 */
export async function readManifest(file: string): Promise<Manifest> {
  const source = createReadStream(file);
  const gunzip = source.pipe(createGunzip());
  const chunks: Buffer[] = [];
  let held = 0;
  let need = 512; // bytes to gather before looking again: joined only then, so a large manifest is copied once
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      held += chunk.length;
      while (held >= need) {
        const data = Buffer.concat(chunks);
        const header = data.subarray(0, 512);
        const size = parseInt(header.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim() || '0', 8);
        const body = 512 + Math.ceil(size / 512) * 512;
        if (!Number.isFinite(size) || size > MANIFEST_MAX) throw notABackup(file);
        // skip the extended headers some tars put first (pax 'x'/'g', GNU long names 'L'/'K')
        if ('xgLK'.includes(String.fromCharCode(header[156]))) {
          if (data.length < body) {
            need = body;
            break;
          }
          chunks.splice(0, chunks.length, data.subarray(body));
          held = data.length - body;
          need = 512;
          continue;
        }
        const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '').replace(/^\.\//, '');
        if (name !== MANIFEST) throw notABackup(file);
        if (data.length >= 512 + size) return JSON.parse(data.subarray(512, 512 + size).toString('utf8')) as Manifest;
        chunks.splice(0, chunks.length, data);
        need = 512 + size;
      }
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw notABackup(file, (err as Error).message);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  throw notABackup(file);
}

// a manifest lists every file: some 150 bytes each, so this allows millions
const MANIFEST_MAX = 512 * 1024 * 1024;

const notABackup = (file: string, why = '') =>
  new BackupError(`${file} 不是本系统的备份文件${why ? ` (${why})` : ''}`, `${file} is not a backup of this system (no ${MANIFEST} first)${why ? `: ${why}` : ''}`);

/** A file's size and SHA-256, read once. */
export async function describeFile(file: string): Promise<Part> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Every regular file under `dir`, as paths relative to it (none when `dir` does not exist). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Describes every file under `dir` as parts named `<prefix>/<relative path>`. */
export async function describeFolder(dir: string, prefix: string, parts: Record<string, Part>): Promise<{ count: number; bytes: number }> {
  let bytes = 0;
  const files = await filesUnder(dir);
  for (const rel of files) {
    const part = await describeFile(path.join(dir, rel));
    parts[`${prefix}/${rel.split(path.sep).join('/')}`] = part;
    bytes += part.size;
  }
  return { count: files.length, bytes };
}

/**
 * Checks an unpacked archive against its manifest: every part there with its size and SHA-256, and nothing else
 * (a file added to the archive by hand is as wrong as one changed).
 */
export async function verifyParts(dir: string, manifest: Manifest): Promise<void> {
  const found = (await filesUnder(dir)).map((rel) => rel.split(path.sep).join('/')).filter((rel) => rel !== MANIFEST);
  const expected = Object.keys(manifest.parts);
  const present = new Set(found);
  const extra = found.filter((rel) => !Object.hasOwn(manifest.parts, rel));
  const missing = expected.filter((rel) => !present.has(rel));
  if (extra.length || missing.length) {
    const which = [...missing.map((f) => `缺少 missing ${f}`), ...extra.map((f) => `多出 unexpected ${f}`)].slice(0, 5).join('; ');
    throw new BackupError(`备份文件不完整或被改动过: ${which}`, `the backup does not match its manifest: ${which}`);
  }
  for (const rel of expected) {
    const actual = await describeFile(path.join(dir, rel));
    const want = manifest.parts[rel];
    if (actual.size !== want.size || actual.sha256 !== want.sha256) {
      throw new BackupError(`备份文件已损坏: ${rel} 的校验和不符`, `the backup is damaged: ${rel} does not match its SHA-256`);
    }
  }
}

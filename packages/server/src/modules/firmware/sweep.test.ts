import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOODS_PATH, VERSION_FILE_PATH, VERSION_PATH } from '@gw/contracts';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';
import { firmwareDir, firmwarePath } from './store.js';
import { FIRMWARE_UPLOAD_GRACE_MS, sweepFirmwareFiles } from './sweep.js';

describe('firmware files no release needs are swept after their wait', () => {
  let t: TestApp;
  let token: string;
  let goodsId: number;

  /** Uploads fresh random bytes through the route; answers the stored file's id (its SHA-256). */
  const upload = async (bytes: Buffer = randomBytes(1024)) => {
    const boundary = 'sweepBoundary1';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fw.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.api('POST', VERSION_FILE_PATH, { token, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    return res.json().data.file_id as string;
  };
  const release = async (version: string, fileId: string) =>
    (await t.api('POST', VERSION_PATH, { token, body: { version, goods_ids: [goodsId], file_id: fileId, file_name: 'fw.bin' } })).json().data.id as number;
  /** Makes a stored file look `hours` old. */
  const age = (name: string, hours: number) => {
    const then = new Date(Date.now() - hours * 3_600_000);
    utimesSync(path.join(firmwareDir(t.config.dataDir), name), then, then);
  };
  const sweep = () => sweepFirmwareFiles(t.db, t.config.dataDir, new Date());

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('admin', ADMIN_PASSWORD);
    goodsId = (await t.api('POST', GOODS_PATH, { token, body: { name: '清理网关', code: 'SWEEP-1', price: '1' } })).json().data.id;
  });
  afterAll(() => t.close());

  it('removes old uploads never saved, deleted releases’ files and crash leftovers; keeps live releases’, fresh uploads and foreign files', async () => {
    const draftFile = await upload();
    const publishedFile = await upload();
    const deletedFile = await upload();
    const abandoned = await upload();
    const fresh = await upload();
    await release('1.0.0', draftFile);
    const published = await release('1.1.0', publishedFile);
    expect((await t.api('POST', `${VERSION_PATH}/${published}/publish`, { token })).json().code).toBe(200);
    const deleted = await release('1.2.0', deletedFile);
    expect((await t.api('DELETE', `${VERSION_PATH}/${deleted}`, { token })).json().code).toBe(200);
    const dir = firmwareDir(t.config.dataDir);
    writeFileSync(path.join(dir, 'tmp-0123456789abcdef'), 'cut off');
    writeFileSync(path.join(dir, 'README.txt'), 'an operator’s note');
    for (const name of [draftFile, publishedFile, deletedFile, abandoned, 'tmp-0123456789abcdef', 'README.txt']) age(name, 25);

    expect((await sweep()).sort()).toEqual([abandoned, deletedFile, 'tmp-0123456789abcdef'].sort());
    expect(readdirSync(dir).sort()).toEqual([draftFile, publishedFile, fresh, 'README.txt'].sort());
    // a fresh upload waits its turn; the next pass finds nothing more
    age(fresh, FIRMWARE_UPLOAD_GRACE_MS / 3_600_000 - 1);
    expect(await sweep()).toEqual([]);
  });

  it('gives an old file uploaded again a new wait, and the release saved from it keeps it', async () => {
    const bytes = randomBytes(2048);
    const id = await upload(bytes);
    age(id, 30);
    expect(await upload(bytes)).toBe(id);
    expect(await sweep()).toEqual([]);
    await release('2.0.0', id);
    age(id, 30);
    expect(await sweep()).toEqual([]);
    expect(existsSync(firmwarePath(t.config.dataDir, createHash('sha256').update(bytes).digest('hex')))).toBe(true);
  });
});

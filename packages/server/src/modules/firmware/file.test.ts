import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRMWARE_URL_TTL_SECONDS, GOODS_PATH, VERSION_FILE_PATH, VERSION_PATH, type FirmwareFile } from '@gw/contracts';
import { ADMIN_PASSWORD, API, type TestApp, createTestApp } from '../../test/harness.js';
import { firmwareDownloadUrl } from '../../mqtt/ota/file-token.js';
import { firmwareDir } from './store.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('firmware files: upload (POST /system/version/file) and the boxes’ signed download, over real HTTP', () => {
  let t: TestApp;
  let token: string;
  let base: string;
  let goodsId: number;
  const firmware = randomBytes(300_000);

  /** Uploads `bytes` as the field `file` and answers the status and envelope. */
  const upload = async (bytes: Uint8Array, name = 'gw-1.2.0.bin', field = 'file') => {
    const fd = new FormData();
    fd.append(field, new Blob([bytes]), name);
    const res = await fetch(`${base}${API}${VERSION_FILE_PATH}`, { method: 'POST', body: fd, headers: { token } });
    return { status: res.status, body: (await res.json()) as { code: number; message: string; data: FirmwareFile | null } };
  };
  /** A release of `bytes`, published unless told otherwise; answers its id. */
  const release = async (bytes: Uint8Array, version: string, publish = true) => {
    const file = (await upload(bytes)).body.data!;
    const created = await t.api('POST', VERSION_PATH, { token, body: { version, goods_ids: [goodsId], file_id: file.file_id, file_name: file.file_name } });
    const id = created.json().data.id as number;
    if (publish) expect((await t.api('POST', `${VERSION_PATH}/${id}/publish`, { token })).json().code).toBe(200);
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { FIRMWARE_MAX_MB: '1' } });
    token = await t.login('admin', ADMIN_PASSWORD);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    goodsId = (await t.api('POST', GOODS_PATH, { token, body: { name: '边缘网关 G4', code: 'FW-G4', price: '100' } })).json().data.id;
  });
  afterAll(() => t.close());

  it('stores an upload under its SHA-256 and answers its size and hash; the same file twice is kept once', async () => {
    const { status, body } = await upload(firmware);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, data: { file_id: sha256(firmware), sha256: sha256(firmware), size: firmware.length, file_name: 'gw-1.2.0.bin' } });
    await upload(firmware, 'again.bin');
    expect(readdirSync(firmwareDir(t.config.dataDir))).toEqual([sha256(firmware)]);
  });

  it('refuses an empty file, no file and a file over FIRMWARE_MAX_MB, leaving nothing behind', async () => {
    const empty = await upload(new Uint8Array(0));
    expect(empty).toMatchObject({ status: 400, body: { code: 400, message: '固件文件为空' } });
    const none = await upload(firmware, 'x.bin', 'other');
    expect(none).toMatchObject({ status: 400, body: { code: 400, message: expect.stringContaining('请选择固件文件') } });
    const big = await upload(randomBytes(1024 * 1024 + 1));
    expect(big).toMatchObject({ status: 413, body: { code: 413, message: '固件文件过大, 不能超过 1 MB' } });
    expect(readdirSync(firmwareDir(t.config.dataDir))).toEqual([sha256(firmware)]);
  });

  it('serves a published release to the box its link was signed for: the same bytes, then a resumed range', async () => {
    const id = await release(firmware, '1.2.0');
    const url = await firmwareDownloadUrl(t.app, t.deps, id, 'FW-BOX-1');
    expect(url.startsWith(`${base}${API}${VERSION_PATH}/${id}/download?`)).toBe(true);

    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/octet-stream');
    expect(whole.headers.get('content-length')).toBe(String(firmware.length));
    expect(whole.headers.get('etag')).toBe(`"${sha256(firmware)}"`);
    expect(Buffer.from(await whole.arrayBuffer()).equals(firmware)).toBe(true);

    const rest = await fetch(url, { headers: { range: 'bytes=100000-' } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 100000-${firmware.length - 1}/${firmware.length}`);
    expect(Buffer.from(await rest.arrayBuffer()).equals(firmware.subarray(100_000))).toBe(true);
    const middle = await fetch(url, { headers: { range: 'bytes=10-19' } });
    expect(middle.status).toBe(206);
    expect(Buffer.from(await middle.arrayBuffer()).equals(firmware.subarray(10, 20))).toBe(true);
    const past = await fetch(url, { headers: { range: `bytes=${firmware.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${firmware.length}`);
    // what went to the box, on /custom/api/metrics
    const metrics = await fetch(`${base}/custom/api/metrics`).then((r) => r.text());
    expect(metrics).toContain(`firmware_bytes_served_total ${firmware.length + (firmware.length - 100_000) + 10}\n`);
  });

  it('refuses a forged, borrowed or expired link with 403, and a draft or deleted release with 410', async () => {
    const id = await release(randomBytes(1000), '1.3.0');
    const url = await firmwareDownloadUrl(t.app, t.deps, id, 'FW-BOX-1');
    /** The status and message of the link changed by `change`. */
    const answer = async (link: string, change: (u: URL) => void = () => {}) => {
      const u = new URL(link);
      change(u);
      const res = await fetch(u);
      return { status: res.status, message: ((await res.json()) as { message: string }).message };
    };
    const refused = { status: 403, message: '下载链接无效或已过期' };
    expect(await answer(url, (u) => u.searchParams.set('token', 'x'.repeat(43)))).toEqual(refused);
    expect(await answer(url, (u) => u.searchParams.set('gw', 'FW-BOX-2'))).toEqual(refused);
    expect(await answer(url, (u) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600)))).toEqual(refused);
    expect(await answer(url, (u) => (u.pathname = u.pathname.replace(`/${id}/`, `/${id + 1}/`)))).toEqual(refused);

    t.clock.advance((FIRMWARE_URL_TTL_SECONDS + 1) * 1000);
    expect(await answer(url)).toEqual(refused);
    t.clock.advance(-(FIRMWARE_URL_TTL_SECONDS + 1) * 1000);
    expect((await fetch(url)).status).toBe(200);

    const gone = { status: 410, message: '固件不可下载' };
    const draft = await release(randomBytes(1000), '1.4.0', false);
    expect(await answer(await firmwareDownloadUrl(t.app, t.deps, draft, 'FW-BOX-1'))).toEqual(gone);
    expect((await t.api('DELETE', `${VERSION_PATH}/${id}`, { token })).json().code).toBe(200);
    expect(await answer(url)).toEqual(gone);
  });
});

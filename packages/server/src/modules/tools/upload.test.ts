import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, API, type TestApp, createTestApp } from '../../test/harness.js';

/** Every file under a folder, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
}

describe('file upload (POST /tools/upload) over real HTTP', () => {
  let t: TestApp;
  let token: string;
  let base: string;
  let uploads: string;

  const form = (...files: [field: string, name: string, content: string | Uint8Array][]) => {
    const fd = new FormData();
    for (const [field, name, content] of files) fd.append(field, new Blob([content]), name);
    return fd;
  };
  /** The envelope of POST /tools/upload, read over real HTTP. */
  type Answer = { code: number; message: string; data: (Stored & { files: Stored[] }) | null };
  type Stored = { name: string; url: string };
  const upload = async (body: FormData | string, headers: Record<string, string> = { token }) => {
    const res = await fetch(`${base}${API}/tools/upload`, { method: 'POST', body, headers });
    return { status: res.status, body: (await res.json()) as Answer };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_MAX_MB: '1' } });
    token = await t.login('admin', ADMIN_PASSWORD);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    uploads = path.join(t.config.dataDir, 'uploads');
  });
  afterAll(() => t.close());

  it('stores a file and serves the same bytes back, sandboxed', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255, 254, 10]);
    const { status, body } = await upload(form(['file', 'logo.png', bytes]));
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, data: { name: 'logo.png', url: expect.stringMatching(/^\/custom\/uploads\/\d{6}\/.+logo\.png$/) } });

    const served = await fetch(`${base}${body.data!.url}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('stores every file of one request', async () => {
    const { body } = await upload(form(['file', 'a.txt', 'first'], ['file', '说明 书.pdf', 'second']));
    expect(body.code).toBe(200);
    const { files, url } = body.data!;
    expect(files.map((f) => f.name)).toEqual(['a.txt', '说明_书.pdf']);
    expect(url).toBe(files[0].url);
    const texts = await Promise.all(files.map(async (f) => (await fetch(`${base}${f.url}`)).text()));
    expect(texts).toEqual(['first', 'second']);
  });

  it('refuses a file over UPLOAD_MAX_MB with 400 naming the limit, and keeps nothing of the request', async () => {
    const before = filesUnder(uploads);
    const big = new Uint8Array(1.5 * 1024 * 1024).fill(7);
    for (const fd of [form(['file', 'big.bin', big]), form(['file', 'small.txt', 'ok'], ['file', 'big.bin', big])]) {
      const { status, body } = await upload(fd);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 400, data: null });
      expect(body.message).toMatch(/文件过大.*1 ?MB/);
      expect(filesUnder(uploads)).toEqual(before);
    }
  });

  it('keeps a hostile file name inside the uploads folder, sanitised', async () => {
    for (const [name, safe] of [
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\evil.sh', 'evil.sh'],
      ['.htaccess', 'htaccess'],
      ['a;rm -rf $HOME`x`.txt', 'a_rm_-rf_HOME_x_.txt'],
    ]) {
      const { body } = await upload(form(['file', name, 'payload']));
      expect(body.code, name).toBe(200);
      expect(body.data!.name).toBe(safe);
      const stored = filesUnder(uploads).filter((f) => f.endsWith(`-${safe}`));
      expect(stored, name).toHaveLength(1);
      expect(stored[0]).toMatch(/^\d{6}[\\/][0-9a-f]{12}-/);
      expect(decodeURIComponent(body.data!.url)).toBe(`/custom/uploads/${stored[0].replace('\\', '/')}`);
    }
    expect(filesUnder(t.config.dataDir).filter((f) => !f.startsWith(`uploads${path.sep}`))).toEqual([]);
  });

  it('answers without a token with body code 401 and stores nothing', async () => {
    const before = filesUnder(uploads);
    for (const headers of [{}, { token: 'forged' }] as Record<string, string>[]) {
      const { body } = await upload(form(['file', 'x.txt', 'x']), headers);
      expect(body).toMatchObject({ code: 401, data: null });
    }
    expect(filesUnder(uploads)).toEqual(before);
  });

  it('answers 400 when no file field arrives', async () => {
    const fd = new FormData();
    fd.append('note', 'no file here');
    fd.append('other', new Blob(['x']), 'x.txt');
    for (const payload of [fd, '{}']) {
      const json: Record<string, string> = typeof payload === 'string' ? { 'content-type': 'application/json' } : {};
      const { status, body } = await upload(payload, { token, ...json });
      expect(status).toBe(400);
      expect(body.code).toBe(400);
    }
  });

  it('answers a body cut off mid-file with 400 and keeps none of its files, not even the whole first one', async () => {
    const before = filesUnder(uploads);
    const boundary = 'cutBoundary42';
    const partHead = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`;
    const body = `${partHead('whole.txt')}complete\r\n${partHead('cut.bin')}${'y'.repeat(200_000)}`;
    const res = await fetch(`${base}${API}/tools/upload`, {
      method: 'POST',
      body,
      headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer).message).toBe('参数错误 file: 上传的表单数据不完整或格式不正确,请重新上传');
    expect(filesUnder(uploads)).toEqual(before);
  });
});

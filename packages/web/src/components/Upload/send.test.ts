import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchMessage, type SendResult, sendFile } from './send';

const answer = (body: unknown, status = 200) =>
  vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
const target = { action: '/custom/api/v1/tools/upload', name: 'file' };

afterEach(() => vi.unstubAllGlobals());

describe('sendFile', () => {
  it('posts the file in the named multipart field with the TOKEN header', async () => {
    localStorage.setItem('Custom-Token', 'tok');
    const fetch = answer({ code: 200, message: '上传成功', data: { name: 'a.txt', url: '/custom/uploads/a.txt' } });
    vi.stubGlobal('fetch', fetch);
    const result = await sendFile(file, { ...target, name: 'upfile' });
    expect(result).toEqual({ ok: true, file: { name: 'a.txt', url: '/custom/uploads/a.txt' } });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/custom/api/v1/tools/upload');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ TOKEN: 'tok' });
    expect((init.body as FormData).get('upfile')).toBeInstanceOf(File);
  });

  it('counts any body code under 400 as success', async () => {
    vi.stubGlobal('fetch', answer({ code: 399, data: { url: '/u/b.txt' } }));
    expect(await sendFile(file, target)).toEqual({ ok: true, file: { name: 'a.txt', url: '/u/b.txt' } });
  });

  it('counts a body code of 400 or more as a failure, keeping the server message', async () => {
    vi.stubGlobal('fetch', answer({ code: 400, message: '文件过大' }, 400));
    expect(await sendFile(file, target)).toEqual({ ok: false, network: false, message: '文件过大' });
  });

  it('marks a failed connection or an unreadable answer as a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await sendFile(file, target)).toMatchObject({ ok: false, network: true });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>502</html>', { status: 502 })));
    expect(await sendFile(file, target)).toMatchObject({ ok: false, network: true });
  });
});

describe('batchMessage', () => {
  const ok: SendResult = { ok: true, file: { name: 'a', url: '/a' } };
  const refused: SendResult = { ok: false, network: false, message: 'x' };
  const offline: SendResult = { ok: false, network: true, message: 'x' };

  it('sums a batch up in the four spec messages', () => {
    expect(batchMessage([ok, ok])).toEqual({ type: 'success', text: 'Uploaded successfully!' });
    expect(batchMessage([ok, refused])).toEqual({ type: 'warning', text: 'Some files failed to upload!' });
    expect(batchMessage([refused, offline])).toEqual({ type: 'error', text: 'Uploading files all failed!' });
    expect(batchMessage([offline, offline])).toEqual({ type: 'error', text: 'Upload failed, please try again later!' });
    expect(batchMessage([])).toBeNull();
  });
});

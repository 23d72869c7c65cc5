import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildInit, uploadImage } from './config';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const blobInfo = { blob: () => new Blob(['png'], { type: 'image/png' }), filename: () => 'paste.png' };

afterEach(() => vi.unstubAllGlobals());

describe('buildInit', () => {
  it('defaults to height 700, the spec menubar, no promotion, our plugins and image button', () => {
    const init = buildInit({ language: 'zh-CN', onImageButton: () => {} });
    expect(init.height).toBe(700);
    expect(init.menubar).toBe('file edit insert view format table');
    expect(init.promotion).toBe(false);
    expect(init.language).toBe('zh-CN');
    expect(init.plugins).toContain('image');
    expect(String(init.toolbar)).toContain('uploadimages');
    expect(init.images_upload_handler).toBe(uploadImage);
  });

  it('takes height, menubar and toolbar from the caller; English needs no language option', () => {
    const init = buildInit({ language: 'en', height: 400, menubar: false, toolbar: 'bold', onImageButton: () => {} });
    expect(init).toMatchObject({ height: 400, menubar: false, toolbar: 'bold', language: undefined });
  });

  it('registers the image button, which opens the dialog', () => {
    const onImageButton = vi.fn();
    const addButton = vi.fn();
    buildInit({ language: 'zh-CN', onImageButton }).setup({ ui: { registry: { addButton } } } as never);
    expect(addButton).toHaveBeenCalledWith('uploadimages', expect.objectContaining({ tooltip: '上传图片' }));
    addButton.mock.calls[0][1].onAction();
    expect(onImageButton).toHaveBeenCalled();
  });
});

describe('uploadImage', () => {
  it('posts the image as field file to /tools/upload with the TOKEN header and resolves data.url', async () => {
    localStorage.setItem('Custom-Token', 'tok');
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => json({ code: 200, data: { name: 'paste.png', url: '/custom/uploads/p.png' } }));
    vi.stubGlobal('fetch', fetch);
    await expect(uploadImage(blobInfo)).resolves.toBe('/custom/uploads/p.png');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/custom/api/v1/tools/upload');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).TOKEN).toBe('tok');
    expect(((init.body as FormData).get('file') as File).name).toBe('paste.png');
  });

  it('rejects so TinyMCE reports the failure and drops the placeholder', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await expect(uploadImage(blobInfo)).rejects.toMatchObject({ message: '网络错误,请检查网络.', remove: true });
  });
});

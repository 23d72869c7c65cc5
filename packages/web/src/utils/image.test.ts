import { afterEach, describe, expect, it, vi } from 'vitest';
import { imageUrl, readImageSize } from './image';

describe('imageUrl', () => {
  it('keeps same-origin paths as they are when no base is configured', () => {
    expect(imageUrl('/custom/uploads/2024/a.png')).toBe('/custom/uploads/2024/a.png');
  });
  it('prefixes URLs not starting with http with the base, with exactly one slash between', () => {
    expect(imageUrl('/custom/uploads/a.png', 'https://cdn.example.com/')).toBe('https://cdn.example.com/custom/uploads/a.png');
    expect(imageUrl('uploads/a.png', 'https://cdn.example.com')).toBe('https://cdn.example.com/uploads/a.png');
  });
  it('leaves http(s) URLs and local previews alone', () => {
    expect(imageUrl('http://a.cn/x.png', 'https://cdn')).toBe('http://a.cn/x.png');
    expect(imageUrl('https://a.cn/x.png', 'https://cdn')).toBe('https://a.cn/x.png');
    expect(imageUrl('blob:http://localhost/1', 'https://cdn')).toBe('blob:http://localhost/1');
  });
  it("gives '' for nothing", () => {
    expect(imageUrl('')).toBe('');
    expect(imageUrl(null)).toBe('');
  });
});

describe('readImageSize', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves the natural size once the image loads', async () => {
    const revoke = vi.fn();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = revoke;
    vi.stubGlobal(
      'Image',
      class {
        naturalWidth = 800;
        naturalHeight = 600;
        onload: (() => void) | null = null;
        set src(_value: string) {
          setTimeout(() => this.onload?.());
        }
      },
    );
    await expect(readImageSize(new Blob(['x']))).resolves.toEqual({ width: 800, height: 600 });
    expect(revoke).toHaveBeenCalledWith('blob:x');
  });

  it('rejects files that are not images', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:y');
    URL.revokeObjectURL = vi.fn();
    vi.stubGlobal(
      'Image',
      class {
        onerror: (() => void) | null = null;
        set src(_value: string) {
          setTimeout(() => this.onerror?.());
        }
      },
    );
    await expect(readImageSize(new Blob(['x']))).rejects.toThrow('not an image');
  });
});

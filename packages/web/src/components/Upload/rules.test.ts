import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as image from '../../utils/image';
import { checkFile } from './rules';

// jsdom decodes no images: each test says what size the picture has (a spy, put back after the test)
let sizeOf: MockInstance<typeof image.readImageSize>;
beforeEach(() => {
  sizeOf = vi.spyOn(image, 'readImageSize');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const file = (bytes: number, type = 'application/pdf', name = 'a.pdf') => new File(['x'.repeat(bytes)], name, { type });
const png = () => file(100, 'image/png', 'a.png');

describe('checkFile sizes', () => {
  it('refuses files above maxSize KB with the exact message', async () => {
    expect(await checkFile(file(3072), { maxSize: 2 })).toBe('Please upload a file smaller than 2 KB, your file is 3 KB');
    expect(await checkFile(file(1536), { maxSize: 1 })).toBe('Please upload a file smaller than 1 KB, your file is 1.5 KB');
  });
  it('refuses files below minSize KB with the exact message', async () => {
    expect(await checkFile(file(512), { minSize: 1 })).toBe('Please upload a file larger than 1 KB, your file is 0.5 KB');
  });
  it('lets files within the bounds through', async () => {
    expect(await checkFile(file(2048), { minSize: 1, maxSize: 2 })).toBeNull();
    expect(await checkFile(file(10), {})).toBeNull();
  });
});

describe('checkFile images', () => {
  it('wants the exact size when one is given', async () => {
    sizeOf.mockResolvedValue({ width: 640, height: 480 });
    expect(await checkFile(png(), { image: { width: 800, height: 600 } })).toBe('Please upload an image of 800x600, your image is 640x480');
    sizeOf.mockResolvedValue({ width: 800, height: 600 });
    expect(await checkFile(png(), { image: { width: 800, height: 600 } })).toBeNull();
  });
  it('wants only the aspect ratio with ratio: true, naming both in lowest terms', async () => {
    sizeOf.mockResolvedValue({ width: 1000, height: 1000 });
    expect(await checkFile(png(), { image: { width: 1920, height: 1080, ratio: true } })).toBe(
      'Please upload an image with aspect ratio 16:9, your image is 1:1',
    );
    sizeOf.mockResolvedValue({ width: 1280, height: 720 });
    expect(await checkFile(png(), { image: { width: 16, height: 9, ratio: true } })).toBeNull();
  });
  it('does not measure files that are not images, nor block unreadable ones', async () => {
    const pdf = file(10);
    expect(await checkFile(pdf, { image: { width: 1, height: 1 } })).toBeNull();
    expect(sizeOf.mock.calls.some(([measured]) => measured === pdf)).toBe(false);
    sizeOf.mockImplementation(() => Promise.reject(new Error('not an image')));
    expect(await checkFile(png(), { image: { width: 1, height: 1 } })).toBeNull();
  });
  it('checks the size before measuring', async () => {
    const big = file(4096, 'image/png');
    expect(await checkFile(big, { maxSize: 1, image: { width: 1, height: 1 } })).toMatch(/smaller than 1 KB/);
    expect(sizeOf.mock.calls.some(([measured]) => measured === big)).toBe(false);
  });
});

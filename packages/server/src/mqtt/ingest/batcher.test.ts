import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Batcher', () => {
  it('writes what arrived within the interval in one batch, and at once when full', async () => {
    const batches: number[][] = [];
    const b = new Batcher<number>(async (items) => void batches.push(items), 30, 5);
    await Promise.all([b.add([1, 2]), b.add([3])]);
    expect(batches).toEqual([[1, 2, 3]]);
    const started = Date.now();
    await b.add([4, 5, 6, 7, 8]);
    expect(Date.now() - started).toBeLessThan(25);
    expect(batches.at(-1)).toEqual([4, 5, 6, 7, 8]);
  });

  it('resolves a caller only once its batch is written; rejects it when the write fails for good', async () => {
    let fail = true;
    const b = new Batcher<number>(async () => {
      await sleep(10);
      if (fail) throw new Error('database down');
    }, 5, 100);
    await expect(b.add([1])).rejects.toThrow('database down');
    fail = false;
    await expect(b.add([2])).resolves.toBeUndefined();
  });

  it('writes one batch at a time, and drain() writes what is still queued', async () => {
    let writing = 0;
    let overlap = false;
    const written: number[] = [];
    const b = new Batcher<number>(async (items) => {
      overlap ||= ++writing > 1;
      await sleep(15);
      written.push(...items);
      writing--;
    }, 1, 2);
    const pending = [b.add([1, 2]), b.add([3, 4]), b.add([5])];
    await b.drain();
    expect(written).toEqual([1, 2, 3, 4, 5]);
    expect(overlap).toBe(false);
    await Promise.all(pending);
  });
});

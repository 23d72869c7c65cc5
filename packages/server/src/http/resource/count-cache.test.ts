import { describe, expect, it } from 'vitest';
import { CountCache } from './count-cache.js';

describe('CountCache', () => {
  let clock = 0;
  const now = () => clock;

  it('counts a query once within its time, shares a count in flight, and counts again after', async () => {
    const cache = new CountCache(1000, now);
    let counted = 0;
    const count = async () => ++counted * 10;
    expect(await Promise.all([cache.get('q', count), cache.get('q', count)])).toEqual([10, 10]);
    clock += 999;
    expect(await cache.get('q', count)).toBe(10);
    clock += 1;
    expect(await cache.get('q', count)).toBe(20);
    expect(await cache.get('other', count)).toBe(30);
  });

  it('forgets every total when a write is served, and never keeps a failed count', async () => {
    const cache = new CountCache(1000, now);
    let n = 0;
    expect(await cache.get('q', async () => ++n)).toBe(1);
    cache.forgetAll();
    expect(await cache.get('q', async () => ++n)).toBe(2);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 7)).toBe(7);
  });

  it('counts every time when its time is 0, and keeps at most its number of entries', async () => {
    let n = 0;
    const off = new CountCache(0, now);
    await off.get('q', async () => ++n);
    await off.get('q', async () => ++n);
    expect(n).toBe(2);
    const small = new CountCache(1000, now, 2);
    for (const key of ['a', 'b', 'c']) await small.get(key, async () => ++n);
    expect(await small.get('a', async () => 99)).toBe(99);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortUrl } from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { freeCodes, lockCodes, randomCode } from './code.js';

describe('short codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.insert(shortUrl).values([
      { code: 'AAAAAA', target: 'https://example.com/' },
      { code: 'BBBBBB', target: 'https://example.com/' },
    ]);
  });
  afterAll(() => t.close());

  it('draws base62 codes of the asked length', () => {
    const codes = Array.from({ length: 200 }, () => randomCode(6));
    for (const code of codes) expect(code).toMatch(/^[0-9A-Za-z]{6}$/);
    expect(new Set(codes).size).toBe(200);
  });

  it('redraws a taken code, and grows the length when collisions repeat', async () => {
    const free = (draw: (length: number) => string, count = 1) =>
      t.db.transaction(async (tx) => {
        await lockCodes(tx);
        return freeCodes(tx, count, draw);
      });
    // the first draw collides, the second is free
    const draws = ['AAAAAA', 'CCCCCC'];
    expect(await free(() => draws.shift()!)).toEqual(['CCCCCC']);
    // every 6-character draw is taken: after three rounds the codes are 7 long
    const lengths: number[] = [];
    expect(await free((length) => (lengths.push(length), length === 6 ? 'BBBBBB' : 'D'.repeat(length)))).toEqual(['DDDDDDD']);
    expect(lengths).toEqual([6, 6, 6, 7]);
    // a batch never holds the same code twice
    let n = 0;
    expect(await free(() => `E${String(Math.floor(n++ / 2)).padStart(5, '0')}`, 3)).toEqual(['E00000', 'E00001', 'E00002']);
  });
});

import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight.js';

describe('singleFlight', () => {
  it('runs once for calls with one key while it runs, again for another key and after it settled', async () => {
    const shared = singleFlight<string>();
    let runs = 0;
    const slow = (answer: string) => () => new Promise<string>((resolve) => setTimeout(() => resolve(`${answer}${++runs}`), 20));
    const same = await Promise.all([shared('a', slow('x')), shared('a', slow('y')), shared('b', slow('z'))]);
    expect(same[0]).toBe(same[1]);
    expect(same[2]).not.toBe(same[0]);
    expect(runs).toBe(2);
    expect(await shared('a', slow('x'))).toBe('x3');
  });

  it('hands a failure to every call that shared it, and runs afresh after', async () => {
    const shared = singleFlight<number>();
    const failing = () => Promise.reject(new Error('数据库不可用'));
    const calls = [shared('k', failing), shared('k', () => Promise.resolve(1))];
    for (const call of calls) await expect(call).rejects.toThrow('数据库不可用');
    expect(await shared('k', () => Promise.resolve(2))).toBe(2);
  });
});

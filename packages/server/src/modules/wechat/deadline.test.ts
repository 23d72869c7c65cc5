import { afterEach, describe, expect, it, vi } from 'vitest';
import { settleWithin } from './deadline.js';

describe('answering within WeChat’s 5 s', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the work’s result when it is ready in time', async () => {
    expect(await settleWithin(Promise.resolve('<xml/>'), 4000, '')).toBe('<xml/>');
  });

  it('answers the fallback when the work is late, and lets the work finish', async () => {
    vi.useFakeTimers();
    let finished = false;
    const work = new Promise<string>((resolve) => setTimeout(() => resolve('<xml/>'), 10_000)).then((xml) => {
      finished = true;
      return xml;
    });
    const answer = settleWithin(work, 4000, '');
    await vi.advanceTimersByTimeAsync(4000);
    expect(await answer).toBe('');
    await vi.advanceTimersByTimeAsync(6000);
    expect(finished).toBe(true);
  });
});

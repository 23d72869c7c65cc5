import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../http/types.js';
import { type Entry, SessionCache } from './session-cache.js';

const entry = (sessionId: string, at: number, expiresAt = at + 60_000): Entry => ({ user: { sessionId } as SessionUser, at, expiresAt });

/** A loader that counts its calls and answers `entry` (null: the session is gone). */
function loader(answer: Entry | null) {
  const load = async () => {
    load.calls++;
    return answer;
  };
  load.calls = 0;
  return load;
}

describe('SessionCache', () => {
  it('answers from memory for its time, never past the session’s own end, and not across a clock set back', async () => {
    const cache = new SessionCache(1000);
    const load = loader(entry('s1', 10_000));
    expect((await cache.readThrough('a', 10_000, load))?.sessionId).toBe('s1');
    expect((await cache.readThrough('a', 10_999, load))?.sessionId).toBe('s1');
    expect(load.calls).toBe(1);
    await cache.readThrough('a', 11_000, load);
    expect(load.calls).toBe(2);
    await cache.readThrough('a', 9_999, load);
    expect(load.calls).toBe(3);

    const short = loader(entry('s2', 10_000, 10_500));
    await cache.readThrough('b', 10_000, short);
    await cache.readThrough('b', 10_500, short);
    expect(short.calls).toBe(2);
  });

  it('keeps no answer that says the session is gone', async () => {
    const cache = new SessionCache(1000);
    const load = loader(null);
    expect(await cache.readThrough('a', 0, load)).toBeNull();
    expect(await cache.readThrough('a', 1, load)).toBeNull();
    expect(load.calls).toBe(2);
  });

  it('lets concurrent requests with one token share one load', async () => {
    const cache = new SessionCache(1000);
    const load = loader(entry('s1', 0));
    const users = await Promise.all([1, 2, 3].map(() => cache.readThrough('a', 0, load)));
    expect(users.map((u) => u?.sessionId)).toEqual(['s1', 's1', 's1']);
    expect(load.calls).toBe(1);
  });

  it('forgets one session by id, and does not keep what a load begun before a forget read', async () => {
    const cache = new SessionCache(1000);
    await cache.readThrough('a', 0, loader(entry('s1', 0)));
    await cache.readThrough('b', 0, loader(entry('s2', 0)));
    cache.forgetSession('s1');
    const again = loader(entry('s1', 1));
    await cache.readThrough('a', 1, again);
    expect(again.calls).toBe(1);
    const other = loader(entry('s2', 1));
    await cache.readThrough('b', 1, other);
    expect(other.calls).toBe(0);

    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((r) => (release = r));
      return entry('s3', 2);
    };
    const pending = cache.readThrough('c', 2, slow);
    cache.forgetAll();
    release();
    await pending;
    const fresh = loader(entry('s3', 3));
    await cache.readThrough('c', 3, fresh);
    expect(fresh.calls).toBe(1);
  });

  it('loads every time with a time of 0', async () => {
    const cache = new SessionCache(0);
    const load = loader(entry('s1', 0));
    await Promise.all([cache.readThrough('a', 0, load), cache.readThrough('a', 0, load)]);
    expect(load.calls).toBe(2);
  });
});

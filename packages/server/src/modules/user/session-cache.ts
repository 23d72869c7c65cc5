import type { SessionUser } from '../../http/types.js';

export interface Entry {
  user: SessionUser;
  /** When the session was read from the database (clock ms). */
  at: number;
  /** The session's own end (clock ms). */
  expiresAt: number;
}

/** Past this many tokens the expired entries are dropped, and if that is not enough, all of them. */
const MAX_ENTRIES = 10_000;

/**
 * The sessions this node authenticated within the last `ttlMs`, keyed by the whole token, so a cached token
 * needs neither the signature check nor the session query again. Only an exact token string that passed both
 * is ever stored.
 *
 * Revocation: this node forgets a session the moment it revokes it or serves any write (which may change a
 * user, a role or a customer), so on one node nothing changes. Another API node may go on accepting a
 * revoked session, or old permissions, for up to `ttlMs` (1 s by default) — the price of not querying on every
 * request.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Lookups under way: the requests that arrive meanwhile with the same token wait for the same answer. */
  private readonly loading = new Map<string, Promise<SessionUser | null>>();
  /** Bumped by every forget: a load that began before it must not keep what it read. */
  private generation = 0;

  constructor(private readonly ttlMs: number) {}

  /**
   * The cached user of `token`, or what `load` finds — one load per token at a time, so the moment an entry
   * runs out the concurrent requests carrying it cost one query, not one each. What a load began before a
   * forget read is answered to its own callers but not kept.
   */
  async readThrough(token: string, now: number, load: () => Promise<Entry | null>): Promise<SessionUser | null> {
    if (this.ttlMs <= 0) return (await load())?.user ?? null;
    const hit = this.get(token, now);
    if (hit) return hit;
    const pending = this.loading.get(token);
    if (pending) return pending;
    const generation = this.generation;
    const loaded = load().then(
      (entry) => {
        if (this.loading.get(token) === loaded) this.loading.delete(token);
        if (entry && generation === this.generation) this.set(token, entry);
        return entry?.user ?? null;
      },
      (err: unknown) => {
        if (this.loading.get(token) === loaded) this.loading.delete(token);
        throw err;
      },
    );
    this.loading.set(token, loaded);
    return loaded;
  }

  private get(token: string, now: number): SessionUser | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    // a clock that went backwards counts as stale too
    if (now < entry.at || now - entry.at >= this.ttlMs || now >= entry.expiresAt) {
      this.entries.delete(token);
      return null;
    }
    return entry.user;
  }

  private set(token: string, entry: Entry): void {
    if (this.entries.size >= MAX_ENTRIES) this.prune(entry.at);
    this.entries.set(token, entry);
  }

  forgetSession(sessionId: string): void {
    this.generation++;
    this.loading.clear();
    for (const [token, entry] of this.entries) if (entry.user.sessionId === sessionId) this.entries.delete(token);
  }

  forgetAll(): void {
    this.generation++;
    this.loading.clear();
    this.entries.clear();
  }

  private prune(now: number): void {
    for (const [token, entry] of this.entries) if (now < entry.at || now - entry.at >= this.ttlMs) this.entries.delete(token);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }
}

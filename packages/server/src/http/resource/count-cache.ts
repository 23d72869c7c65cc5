/**
 * The totals of list queries, kept for a short while by each API node. Counting every matching row on every
 * page request is what makes a large list slow (100,000 boxes: ~20 ms of database time a request), while the
 * total changes only on writes. So a node answers the same query's total from here for `ttlMs` and forgets
 * everything the moment it serves any write; other nodes' writes show within `ttlMs`. Concurrent requests for
 * one total share one count. `ttlMs` 0 counts every time.
 */
export class CountCache {
  private readonly entries = new Map<string, { at: number; total: Promise<number> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 5_000,
  ) {}

  /** The total of `key` (the count query's SQL and parameters), counted by `count` when not known or too old. */
  get(key: string, count: () => Promise<number>): Promise<number> {
    if (this.ttlMs <= 0) return count();
    const now = this.now();
    const known = this.entries.get(key);
    if (known && now - known.at < this.ttlMs) return known.total;
    // the oldest entries go first: a Map iterates in insertion order
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const total = count();
    this.entries.delete(key);
    this.entries.set(key, { at: now, total });
    total.catch(() => this.entries.get(key)?.total === total && this.entries.delete(key));
    return total;
  }

  /** After a write: every total may have changed. */
  forgetAll(): void {
    this.entries.clear();
  }
}

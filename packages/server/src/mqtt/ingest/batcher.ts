/**
 * Collects items and hands them to `write` in batches: at most `intervalMs` after the first one arrived, or at
 * once when `maxItems` are waiting; one write at a time. `add` resolves when the write holding its items
 * succeeded (so a box's QoS 1 publish is acknowledged only once stored) and rejects when it failed for good.
 */
export class Batcher<T> {
  private items: T[] = [];
  private waiters: { resolve(): void; reject(err: unknown): void }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly intervalMs: number,
    private readonly maxItems: number,
  ) {}

  add(items: T[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    this.items.push(...items);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (this.items.length >= this.maxItems) this.kick();
    else this.timer ??= setTimeout(() => this.kick(), this.intervalMs);
    return done;
  }

  /** Writes what is waiting, and whatever arrives while writing, until nothing is left. */
  async drain(): Promise<void> {
    while (this.writing || this.items.length) {
      if (!this.writing) this.kick();
      await this.writing?.catch(() => undefined);
    }
  }

  private kick(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.writing || this.items.length === 0) return;
    const items = this.items;
    const waiters = this.waiters;
    this.items = [];
    this.waiters = [];
    this.writing = this.write(items).then(
      () => waiters.forEach((w) => w.resolve()),
      (err: unknown) => waiters.forEach((w) => w.reject(err)),
    ).finally(() => {
      this.writing = null;
      // what queued up meanwhile goes next: at once when full, else on its own timer
      if (this.items.length >= this.maxItems) this.kick();
      else if (this.items.length) this.timer ??= setTimeout(() => this.kick(), this.intervalMs);
    });
  }
}

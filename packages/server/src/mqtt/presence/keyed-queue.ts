/**
 * Runs tasks one after another per key (a box's gateway id), keys side by side: a connect and the takeover of
 * the connection it replaces arrive back to back and must be written in that order.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();
  private closed = false;

  constructor(private readonly onError: (err: unknown, key: string) => void) {}

  /** Queues `task` behind the key's earlier ones; resolves when it has run (its failure goes to onError). */
  run(key: string, task: () => Promise<void>): Promise<void> {
    if (this.closed) return Promise.resolve();
    const tail = (this.tails.get(key) ?? Promise.resolve())
      .then(task)
      .catch((err: unknown) => this.onError(err, key))
      .finally(() => {
        if (this.tails.get(key) === tail) this.tails.delete(key);
      });
    this.tails.set(key, tail);
    return tail;
  }

  /** Takes no more tasks and resolves when the queued ones have run. */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  /** Resolves when every task queued so far (and any queued while waiting) has run. */
  async idle(): Promise<void> {
    while (this.tails.size) await Promise.all(this.tails.values());
  }
}

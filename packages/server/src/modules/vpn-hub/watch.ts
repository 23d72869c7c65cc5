import type { HubFeed } from '@gw/contracts';

/** Changes that arrive together are read as one: a licence batch or boxes reconnecting after a restart. */
const SETTLE_MS = 50;

export interface FeedWatch {
  /**
   * The state, as soon as its version is not `version`: at once when it already differs, else at the first
   * change heard that alters it, else after `waitMs` (the same state, for the hub to ask again). Nothing is
   * read while no change is heard: an idle watch costs a timer and a listener. `signal` ends the wait early
   * (the hub went away).
   */
  next(version: string, waitMs: number, signal?: AbortSignal): Promise<HubFeed>;
}

/**
 * Long polls on the hub's state: `read` computes it, `onChange` tells of writes that may have changed it (the
 * box side's tunnel changes on this node). A change made through another API node is seen at the end of the
 * wait, when the state is read again whatever was heard.
 */
export function feedWatch(read: () => Promise<HubFeed>, onChange: (listener: () => void) => () => void): FeedWatch {
  return {
    async next(version, waitMs, signal) {
      const first = await read();
      if (first.version !== version || signal?.aborted) return first;
      return new Promise<HubFeed>((resolve, reject) => {
        let settle: NodeJS.Timeout | undefined;
        let reading = false;
        let again = false;
        let done = false;
        const finish = (outcome: () => void) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          clearTimeout(settle);
          stop();
          signal?.removeEventListener('abort', aborted);
          outcome();
        };
        const readAgain = async () => {
          if (reading) return void (again = true);
          reading = true;
          try {
            do {
              again = false;
              const feed = await read();
              if (feed.version !== version) return finish(() => resolve(feed));
            } while (again && !done);
          } catch {
            // the database out of reach for a moment: the wait's end reads again and says so if it still is
          } finally {
            reading = false;
          }
        };
        const stop = onChange(() => {
          settle ??= setTimeout(() => {
            settle = undefined;
            void readAgain();
          }, SETTLE_MS);
        });
        const timer = setTimeout(() => void read().then((feed) => finish(() => resolve(feed)), (error: unknown) => finish(() => reject(error instanceof Error ? error : new Error(String(error))))), waitMs);
        const aborted = () => finish(() => resolve(first));
        signal?.addEventListener('abort', aborted);
      });
    },
  };
}

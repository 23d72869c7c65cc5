/**
 * Calls with the same key while one is running share its result instead of running again; the next call after it
 * settled runs afresh (nothing is kept). For reads that every open console asks at the same moment — a live
 * event makes each tab of 首页 refetch its cards at once — so the database answers each distinct question once.
 * A shared answer is at most one run older than its request: the read began after the request's own arrival
 * minus that run.
 */
export function singleFlight<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, run) => {
    const current = running.get(key);
    if (current) return current;
    const started = run().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}

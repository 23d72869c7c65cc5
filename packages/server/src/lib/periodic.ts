import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface Periodic {
  /** A pass after the one under way, if any (`work` instead of the usual pass); resolves when done, never rejects. */
  run: (work?: () => Promise<void>) => Promise<void>;
  /** The pass under way, or a new one: the timer's tick (tests call it to go faster). */
  tick: () => Promise<void>;
  /** Something is waiting: one extra pass shortly (calls close together share it), not at the next tick. */
  soon: () => void;
  /** Whether stop has been called: a pass checks it between its steps. */
  readonly stopped: boolean;
  /** No more passes; waits for the one under way. */
  stop: () => Promise<void>;
}

export interface PeriodicOptions {
  everyMs: number;
  soonMs: number;
  log: FastifyBaseLogger;
  /** The log line of a failed pass, e.g. 固件推送执行失败. */
  failure: string;
}

/**
 * Background work of one node that runs `pass` every `everyMs`, its passes never overlapping and never
 * rejecting (a failure is logged and the next tick tries again; after stop, when the database is going away with
 * the app, it is not news). Ticks start once the app is ready, so an app that failed to start leaves nothing
 * ticking; the app's close stops it.
 */
export function startPeriodic(app: FastifyInstance, pass: () => Promise<void>, { everyMs, soonMs, log, failure }: PeriodicOptions): Periodic {
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let early: NodeJS.Timeout | null = null;

  const run = (work: () => Promise<void> = pass): Promise<void> => {
    if (stopped) return Promise.resolve();
    const next: Promise<void> = (running ?? Promise.resolve())
      .then(() => (stopped ? undefined : work()))
      .catch((err: unknown) => {
        if (!stopped) log.error({ err }, failure);
      })
      .finally(() => {
        if (running === next) running = null;
      });
    running = next;
    return next;
  };
  const tick = () => running ?? run();

  app.addHook('onReady', async () => {
    if (stopped) return;
    timer = setInterval(() => void tick(), everyMs);
    timer.unref();
  });

  const periodic: Periodic = {
    run,
    tick,
    soon: () => {
      if (early || stopped) return;
      early = setTimeout(() => {
        early = null;
        void run();
      }, soonMs);
      early.unref();
    },
    get stopped() {
      return stopped;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (early) clearTimeout(early);
      await running;
    },
  };
  app.addHook('onClose', () => periodic.stop());
  return periodic;
}

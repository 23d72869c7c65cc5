import type { FastifyInstance } from 'fastify';
import type { AppDeps, CoreDeps } from '../../app-deps.js';
import type { BoxCommands } from '../commands/types.js';
import type { BoxLink } from '../link.js';
import { RolloutNews } from './news.js';
import { type OtaReportStats, followOtaReports } from './reports.js';
import { ROLLOUT_TICK_MS, type RolloutRunner, startRunner } from './runner.js';

export interface Ota {
  runner: RolloutRunner;
  reports: OtaReportStats;
  stop(): Promise<void>;
}

const started = new WeakMap<BoxLink, Ota>();

/** This node's firmware rollout work on the app's link (tests drive its runner's ticks). */
export const otaOf = (deps: AppDeps): Ota | undefined => (deps.link ? started.get(deps.link) : undefined);

/**
 * Firmware rollouts on this node: the boxes' `ota` reports and the `state` that confirms an update, and the
 * runner that sends upgrade commands batch by batch. Everything is in the rollout tables, so a
 * runner started after a restart (or on another node) carries on where the last one was.
 */
export function startOta(
  app: FastifyInstance,
  link: BoxLink,
  deps: CoreDeps,
  commands: BoxCommands,
  options: { tickMs?: number } = {},
): { stop(): Promise<void> } {
  const now = () => deps.clock.now();
  const news = new RolloutNews(deps.live, now);
  const runner = startRunner(app, deps, commands, news, app.log, options.tickMs ?? ROLLOUT_TICK_MS);
  // a box that finished its step makes the runner look again soon
  const reports = followOtaReports(link, deps.db, news, now, app.log, () => runner.soon());
  const ota: Ota = {
    runner,
    reports,
    async stop() {
      await runner.stop();
      news.flush();
    },
  };
  started.set(link, ota);
  return ota;
}

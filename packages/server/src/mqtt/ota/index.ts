import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { BoxLink } from '../link.js';
import { RolloutNews } from './news.js';
import { type OtaReportStats, followOtaReports } from './reports.js';
import { ROLLOUT_TICK_MS, type RolloutRunner, startRunner } from './runner.js';

export interface Ota {
  runner: RolloutRunner | null;
  reports: OtaReportStats;
  stop(): Promise<void>;
}

const started = new WeakMap<AppDeps, Ota>();

/** This node's firmware rollout work (tests drive its runner's ticks). */
export const otaOf = (deps: AppDeps): Ota | undefined => started.get(deps);

/**
 * Firmware rollouts on this node: the boxes' `ota` reports and the `state` that confirms an update, and — with
 * commands — the runner that sends upgrade commands batch by batch. Everything is in the rollout tables, so a
 * runner started after a restart (or on another node) carries on where the last one was.
 */
export function startOta(app: FastifyInstance, link: BoxLink, deps: AppDeps, options: { tickMs?: number } = {}): { stop(): Promise<void> } {
  const now = () => deps.clock.now();
  const news = new RolloutNews(deps.live, now);
  let runner: RolloutRunner | null = null;
  const reports = followOtaReports(link, deps.db, news, now, app.log, () => runner?.soon());
  runner = deps.commands ? startRunner(app, deps, deps.commands, news, app.log, options.tickMs ?? ROLLOUT_TICK_MS) : null;
  const ota: Ota = {
    runner,
    reports,
    async stop() {
      await runner?.stop();
      news.flush();
    },
  };
  started.set(deps, ota);
  return ota;
}

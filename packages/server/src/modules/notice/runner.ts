import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { startPeriodic } from '../../lib/periodic.js';
import { enqueueAlarmNotices, enqueueLicenseNotices } from './enqueue.js';
import { sendPending } from './sender.js';
import { WechatApi } from './wechat-api.js';

/** How often the sender looks for 待发送 notices. */
export const NOTICE_TICK_MS = 5000;
/** How often the alarms are scanned for new notices (well within their 10-minute window). */
export const ALARM_SCAN_MS = 30_000;
/** How often the licences are scanned (their notice comes days ahead). */
export const LICENSE_SCAN_MS = 3600_000;
/** How soon after a resend the sender makes an extra pass. */
const SOON_MS = 100;

export interface NoticeRunner {
  /** One pass: the scans that are due (all of them when `scanAll`), then the 待发送 notices. Passes never overlap. */
  pass(scanAll?: boolean): Promise<void>;
  /** Something is waiting (a resend): a pass soon, not at the next tick. */
  soon(): void;
  stop(): Promise<void>;
}

const runners = new WeakMap<AppDeps, NoticeRunner>();

/** This node's notice runner (started with the routes). */
export const noticeRunnerOf = (deps: AppDeps): NoticeRunner | undefined => runners.get(deps);

/** One whole pass now, every scan included, waiting for a pass under way first (tests; the timer does the same). */
export async function runNoticePass(deps: AppDeps): Promise<void> {
  const runner = runners.get(deps);
  if (!runner) throw new Error('通知发送未启动');
  await runner.pass(true);
}

/**
 * The outbox's work on this node, every `NOTICE_TICK_MS` once the app is ready: the alarm scan (every 30 s)
 * and the licence scan (hourly) make notices, then the 待发送 ones are sent. Several nodes may run it at once:
 * a notice is made once (its `dedupe`) and taken by one node (SKIP LOCKED). A pass never rejects: what fails
 * is logged and the next tick tries again.
 */
export function startNoticeRunner(app: FastifyInstance, deps: AppDeps, tickMs = NOTICE_TICK_MS): NoticeRunner {
  const { db, clock } = deps;
  const api = new WechatApi(() => deps.config.wechatApiUrl, () => clock.now());
  let alarmsAt = -Infinity;
  let licensesAt = -Infinity;

  const onePass = async (scanAll: boolean) => {
    const now = clock.now();
    if (scanAll || now.getTime() - alarmsAt >= ALARM_SCAN_MS) {
      alarmsAt = now.getTime();
      await enqueueAlarmNotices(db, now);
    }
    if (scanAll || now.getTime() - licensesAt >= LICENSE_SCAN_MS) {
      licensesAt = now.getTime();
      await enqueueLicenseNotices(db, now);
    }
    await sendPending(db, api, () => clock.now(), () => periodic.stopped);
  };

  const periodic = startPeriodic(app, () => onePass(false), { everyMs: tickMs, soonMs: SOON_MS, log: app.log, failure: '微信通知发送失败' });
  const runner: NoticeRunner = {
    pass: (scanAll = false) => periodic.run(() => onePass(scanAll)),
    soon: periodic.soon,
    stop: periodic.stop,
  };
  runners.set(deps, runner);
  return runner;
}

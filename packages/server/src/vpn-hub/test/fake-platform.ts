import type { HubBox, HubFeed, HubStatusReport } from '@gw/contracts';
import { PlatformError, type Platform } from '../platform.js';

/** A feed of these boxes, its version named after their ids. */
export const feedOf = (boxes: HubBox[]): HubFeed => ({ version: `v-${boxes.map((box) => box.id).join('-') || 'empty'}`, address: '10.8.0.1/16', boxes, clients: [], flows: [] });

/**
 * A platform in memory: `set` changes its state (a watch waiting on another version answers at once), `down`
 * makes every request fail as an unreachable platform's do. `timeline` gets one entry per request.
 */
export function fakePlatform(timeline: string[], initial: HubFeed) {
  let feed = initial;
  let reachable = true;
  const waiting = new Set<{ version: string; resolve: (feed: HubFeed) => void; reject: (error: Error) => void }>();
  const reports: HubStatusReport[] = [];
  const unreachable = () => new PlatformError('平台不可达 (platform unreachable): http://platform.test — ECONNREFUSED');
  const platform: Platform = {
    async state() {
      timeline.push('platform: state');
      if (!reachable) throw unreachable();
      return feed;
    },
    watch(version, signal) {
      timeline.push('platform: watch');
      if (!reachable) return Promise.reject(unreachable());
      if (version !== feed.version) return Promise.resolve(feed);
      return new Promise((resolve, reject) => {
        const waiter = { version, resolve, reject };
        waiting.add(waiter);
        signal?.addEventListener(
          'abort',
          () => {
            waiting.delete(waiter);
            reject(new Error('aborted'));
          },
          { once: true },
        );
      });
    },
    async report(status) {
      timeline.push('platform: report');
      if (!reachable) throw unreachable();
      reports.push(status);
    },
  };
  return {
    platform,
    reports,
    set(next: HubFeed) {
      feed = next;
      for (const waiter of waiting) {
        if (waiter.version === feed.version) continue;
        waiting.delete(waiter);
        waiter.resolve(feed);
      }
    },
    /** The platform goes away: watches in progress fail as a dropped connection does. */
    down() {
      reachable = false;
      for (const waiter of waiting) waiter.reject(unreachable());
      waiting.clear();
    },
    up() {
      reachable = true;
    },
  };
}

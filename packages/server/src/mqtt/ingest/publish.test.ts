import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@gw/contracts';
import { LocalLiveBus } from '../../live/bus.js';
import { RealtimeThrottle } from './publish.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const event = (machine_id: number, n: number) =>
  ({ type: 'realtime', customer_id: 1, device_id: 1, machine_id, ts: new Date().toISOString(), values: { n } }) as Extract<LiveEvent, { type: 'realtime' }>;

describe('RealtimeThrottle', () => {
  it('sends a machine values at once, then at most once per period, ending on the newest', async () => {
    const live = new LocalLiveBus();
    const got: { machine_id: number; n: number }[] = [];
    live.subscribe((e: LiveEvent) => e.type === 'realtime' && got.push({ machine_id: e.machine_id, n: (e.values as { n: number }).n }));
    const throttle = new RealtimeThrottle(live, 40);
    throttle.offer(event(1, 1));
    throttle.offer(event(1, 2));
    throttle.offer(event(1, 3));
    throttle.offer(event(2, 1));
    expect(got).toEqual([{ machine_id: 1, n: 1 }, { machine_id: 2, n: 1 }]);
    await sleep(60);
    expect(got).toEqual([{ machine_id: 1, n: 1 }, { machine_id: 2, n: 1 }, { machine_id: 1, n: 3 }]);
    throttle.stop();
  });
});

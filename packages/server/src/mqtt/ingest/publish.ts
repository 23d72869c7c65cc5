import type { LiveEvent } from '@gw/contracts';
import type { LiveBus } from '../../live/bus.js';
import type { BatchOutcome } from './types.js';

/** A machine's latest values reach the console at most this often. */
const REALTIME_EVERY_MS = 1000;

/** Tells the console what a committed batch changed: state transitions, alarm starts and ends, latest values. */
export function publishOutcome(live: LiveBus, outcome: BatchOutcome, realtime: RealtimeThrottle): void {
  for (const { reading, state } of outcome.transitions) {
    live.publish({
      type: 'machine_state',
      customer_id: reading.customerId,
      device_id: reading.deviceId,
      machine_id: reading.machineId,
      state,
      at: reading.ts.toISOString(),
    });
  }
  for (const { reading, alarm_no, alarm_msg, active } of outcome.alarms) {
    live.publish({
      type: 'alarm',
      customer_id: reading.customerId,
      device_id: reading.deviceId,
      machine_id: reading.machineId,
      alarm_no,
      alarm_msg,
      active,
      at: reading.ts.toISOString(),
    });
  }
  for (const { reading, values } of outcome.latest) {
    realtime.offer({
      type: 'realtime',
      customer_id: reading.customerId,
      device_id: reading.deviceId,
      machine_id: reading.machineId,
      ts: reading.ts.toISOString(),
      values,
    });
  }
}

type RealtimeEvent = Extract<LiveEvent, { type: 'realtime' }>;

/**
 * A machine's `realtime` events at most once a second: the first at once, later ones within the second held
 * and the newest sent when the second is over (so the console always ends on the latest values).
 */
export class RealtimeThrottle {
  private readonly sentAt = new Map<number, number>();
  private readonly held = new Map<number, RealtimeEvent>();
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly live: LiveBus,
    private readonly everyMs = REALTIME_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  offer(event: RealtimeEvent): void {
    const id = event.machine_id;
    const wait = (this.sentAt.get(id) ?? -Infinity) + this.everyMs - this.now();
    if (wait <= 0 && !this.timers.has(id)) return this.send(event);
    this.held.set(id, event);
    if (this.timers.has(id)) return;
    const timer = setTimeout(() => {
      this.timers.delete(id);
      const latest = this.held.get(id);
      this.held.delete(id);
      if (latest) this.send(latest);
    }, Math.max(wait, 0));
    timer.unref();
    this.timers.set(id, timer);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.held.clear();
  }

  private send(event: RealtimeEvent): void {
    this.sentAt.set(event.machine_id, this.now());
    this.live.publish(event);
  }
}

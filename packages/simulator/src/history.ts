import { createHash } from 'node:crypto';
import type { BoxTraffic, CncAlarm, TelemetryItem } from '@gw/contracts';
import type { BoxIdentity } from './identity.js';
import { autoModeCode, brandOf, emergencyCode, runStatusCode } from './machine.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** China time, where the factories' shifts are. */
const CHINA_OFFSET = 8 * HOUR;

/** The most items one `data` message may carry (the box protocol's limit). */
export const DATA_ITEMS_MAX = 100;
/** While a machine runs, a reading at least this often, so its parts per hour have a counter in every hour. */
const RUNNING_TICK_MS = 10 * MINUTE;
/** How often the box kept its byte counters while its history was made. */
const TRAFFIC_EVERY_MS = 3 * HOUR;
/** Bytes a reading costs on the link, roughly: the JSON of a reading and MQTT's share. */
const BYTES_PER_READING = 520;

/** The China midnight that starts the day of `at`. */
export const chinaMidnight = (at: number) => Math.floor((at + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET;

/** A generator of numbers in [0, 1) from a text seed: the same seed always makes the same history. */
function seeded(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Phase = 'running' | 'idle' | 'alarm';

interface Segment {
  phase: Phase;
  start: number;
  end: number;
  alarm?: CncAlarm;
  emergency?: boolean;
}

/** A box's kept history: its `data` messages and `traffic` reports oldest first, and where its counters ended. */
export interface BoxHistory {
  data: TelemetryItem[][];
  traffic: BoxTraffic[];
  /** Readings in `data`. */
  readings: number;
  /** Each machine tool's part counter at the end, by its code. */
  products: Map<string, number>;
  /** The byte counters at the end. */
  rx: number;
  tx: number;
}

/**
 * One machine tool's working pattern over [from, to): a day shift 08:00–20:00 (and on some machines a night
 * shift), Sundays mostly off; within a shift programs run 25–110 minutes with 3–25 minute pauses, and now and then
 * an alarm or an emergency stop holds the machine for a few minutes. Outside shifts it stands idle.
 */
function segments(random: () => number, from: number, to: number, nightShift: boolean): Segment[] {
  const out: Segment[] = [];
  const between = (min: number, max: number) => min + random() * (max - min);
  const push = (segment: Segment) => {
    if (segment.end > segment.start) out.push(segment);
  };
  let at = chinaMidnight(from);
  for (let day = at; day < to; day += DAY) {
    const sunday = new Date(day + CHINA_OFFSET).getUTCDay() === 0;
    if (sunday && random() > 0.3) {
      push({ phase: 'idle', start: at, end: day + DAY });
      at = day + DAY;
      continue;
    }
    const shiftStart = day + 8 * HOUR + between(-20, 20) * MINUTE;
    // a night shift runs into the next day's early hours
    const shiftEnd = nightShift ? day + DAY + 6 * HOUR : day + 20 * HOUR + between(-30, 30) * MINUTE;
    push({ phase: 'idle', start: at, end: shiftStart });
    at = Math.max(at, shiftStart);
    while (at < shiftEnd) {
      const roll = random();
      const phase: Phase = roll < 0.07 ? 'alarm' : roll < 0.75 ? 'running' : 'idle';
      const length = (phase === 'running' ? between(25, 110) : phase === 'alarm' ? between(3, 20) : between(3, 25)) * MINUTE;
      const end = Math.min(at + length, shiftEnd);
      push({ phase, start: at, end, ...(phase === 'alarm' ? { emergency: random() < 0.2 } : {}) });
      at = end;
    }
  }
  push({ phase: 'idle', start: at, end: to });
  return out.map((s) => ({ ...s, start: Math.max(s.start, from), end: Math.min(s.end, to) })).filter((s) => s.end > s.start);
}

/**
 * The readings a box kept of its machine tools over [from, to), and its byte counters every few hours — what a
 * box delivers, oldest first, when it comes back after being cut off. Made from the gateway id and each machine
 * tool's code, so the same span always gives the same history: a reading delivered twice has the same time and
 * values, and the platform stores it once.
 */
export function boxHistory(identity: BoxIdentity, from: number, to: number): BoxHistory {
  const items: TelemetryItem[] = [];
  const products = new Map<string, number>();
  for (const machine of identity.machines) {
    const random = seeded(`${identity.gateway_id}/${machine.code}/${from}`);
    const { tables, look } = brandOf(machine.category);
    const cycleMs = (90 + random() * 300) * 1000;
    const speed = Math.round((look.maxSpeed * (0.3 + random() * 0.5)) / 100) * 100;
    const program = look.programs[Math.floor(random() * look.programs.length)];
    let count = Math.floor(random() * 200);
    // the counter moves while the machine runs: one part a cycle, the part of a cycle under way carried on
    let [lastTs, ran, carry] = [from, false, 0];
    const reading = (ts: number, phase: Phase, segment: Segment): TelemetryItem => {
      const running = phase === 'running';
      if (ran) {
        const elapsed = ts - lastTs + carry;
        count = (count + Math.floor(elapsed / cycleMs)) % 10_000;
        carry = elapsed % cycleMs;
      }
      [lastTs, ran] = [ts, running];
      const alarm = phase === 'alarm' && !segment.emergency ? [segment.alarm ?? look.alarms[Math.floor(random() * look.alarms.length)]] : [];
      segment.alarm ??= alarm[0];
      return {
        device_id: machine.code,
        ts: Math.round(ts),
        device_type: machine.category,
        values: [
          { name: 'cnc_type', value: look.type },
          { name: 'cnc_runstatus', value: runStatusCode(tables, running) },
          { name: 'cnc_emer', value: emergencyCode(tables, phase === 'alarm' && segment.emergency === true) },
          { name: 'cnc_mode', value: running ? autoModeCode(tables) : tables.mode[0].code },
          { name: 'cnc_alarm', value: alarm },
          { name: 'cnc_products', value: count },
          { name: 'cnc_setspeed', value: running ? speed : 0 },
          { name: 'cnc_actspeed', value: running ? Math.round(speed * (0.98 + random() * 0.04)) : 0 },
          { name: 'cnc_mainproname', value: program },
          { name: 'device_state', value: 0 },
        ],
      };
    };
    for (const segment of segments(random, from, to, random() < 0.35)) {
      items.push(reading(segment.start, segment.phase, segment));
      if (segment.phase !== 'running') continue;
      for (let ts = segment.start + RUNNING_TICK_MS; ts < segment.end; ts += RUNNING_TICK_MS) items.push(reading(ts, 'running', segment));
    }
    products.set(machine.code, count);
  }
  items.sort((a, b) => a.ts - b.ts);
  const data: TelemetryItem[][] = [];
  for (let i = 0; i < items.length; i += DATA_ITEMS_MAX) data.push(items.slice(i, i + DATA_ITEMS_MAX));

  // the counters since the box booted at `from`: each reading's bytes up, a little down (commands, acks)
  const traffic: BoxTraffic[] = [];
  let [tx, rx, next] = [0, 0, 0];
  for (let at = from + TRAFFIC_EVERY_MS; at <= to; at += TRAFFIC_EVERY_MS) {
    while (next < items.length && items[next].ts < at) {
      tx += BYTES_PER_READING;
      rx += 40;
      next++;
    }
    traffic.push({ ts: at, rx, tx });
  }
  return { data, traffic, readings: items.length, products, rx, tx };
}

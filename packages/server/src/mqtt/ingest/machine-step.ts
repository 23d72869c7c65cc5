import { CNC_COUNTER_MAX, type CncAlarm, type MachineState, cncAlarmSchema, cncCounter, codeOf, deriveMachineState } from '@gw/contracts';
import { z } from 'zod';
import { addDays, zoneDate, zoneDayRange } from '../../lib/platform-zone.js';

/** A machine's running state across the readings of a batch (its machine_latest row, moved forward). */
export interface MachineCursor {
  ts: Date;
  values: Record<string, unknown>;
  state: MachineState;
  stateSince: Date;
  products: number | null;
  partsTotal: number;
  /** The platform-zone day of the two figures below (null before the first reading). */
  day: string | null;
  /** Parts made on `day` (what 机床详情's parts per hour add up to). */
  dayParts: number;
  /** Seconds of running periods that closed on `day`, clipped to it (the open period is added when read). */
  dayRunS: number;
}

/**
 * The sums are integer columns, as is a counter (its domain, cncCounter, ends there too): a sum past them is held
 * to their range rather than failing the batch.
 */
const INT_MAX = CNC_COUNTER_MAX;

const alarmListSchema = z.array(cncAlarmSchema);

/** The alarms listed in `cnc_alarm` (by number; entries that are no alarm are skipped), or null when absent. */
export function alarmsOf(values: Record<string, unknown>): Map<string, CncAlarm> | null {
  if (!('cnc_alarm' in values)) return null;
  const list = Array.isArray(values.cnc_alarm) ? values.cnc_alarm : [];
  const parsed = alarmListSchema.safeParse(list);
  const alarms = parsed.success ? parsed.data : list.flatMap((a) => {
    const one = cncAlarmSchema.safeParse(a);
    return one.success ? [one.data] : [];
  });
  return new Map(alarms.map((a) => [a.alarm_no, a]));
}

/** The state of merged values: `device_state` 1 is the box reporting its controller unreachable (offline). */
export function stateOf(category: string, values: Record<string, unknown>): MachineState {
  if (codeOf(values.device_state) === 1) return 'offline';
  return deriveMachineState(category, values);
}

/**
 * Parts made since the last reading of the `cnc_products` counter: its increase, or (the counter went down:
 * reset at a shift or a new program) the new count itself. The first reading of a machine adds nothing.
 */
export function partsAdded(previous: number | null, current: number): number {
  if (previous === null) return 0;
  return current >= previous ? current - previous : current;
}

/**
 * The seconds of the cursor's running period (none when it is not running) that fall on `day` up to `ts`, where
 * the period ends: the part of the timeline's running band that is that day's.
 */
function ranOn(cursor: MachineCursor, day: string, ts: Date): number {
  if (cursor.state !== 'running') return 0;
  const midnight = zoneDayRange(day)[0].getTime();
  return Math.max(ts.getTime() - Math.max(cursor.stateSince.getTime(), midnight), 0) / 1000;
}

/**
 * The cursor once its box has gone offline: 离线 from its last reading on — the last moment the platform knew the
 * machine's state, on the clock of the box that stamps every reading after the gap too, so those readings (even
 * ones stamped during the gap and sent on reconnecting) are all newer and each counts from its own time. A
 * running period ends there, its seconds on that day added to the day's. Unchanged when already offline.
 */
export function goOffline(cursor: MachineCursor): MachineCursor {
  if (cursor.state === 'offline') return cursor;
  const day = zoneDate(cursor.ts);
  const sameDay = cursor.day === day;
  return {
    ...cursor,
    state: 'offline',
    stateSince: cursor.ts,
    day,
    dayParts: sameDay ? cursor.dayParts : 0,
    dayRunS: (sameDay ? cursor.dayRunS : 0) + ranOn(cursor, day, cursor.ts),
  };
}

/** The cursor after one newer reading: merged values (a box may send only what changed), state, parts. */
export function step(cursor: MachineCursor | null, category: string, ts: Date, values: Record<string, unknown>): MachineCursor {
  const merged = { ...(cursor?.values ?? {}), ...values };
  const state = stateOf(category, merged);
  const count = cncCounter(values.cnc_products);
  const products = count ?? cursor?.products ?? null;
  const added = count === null ? 0 : partsAdded(cursor?.products ?? null, count);
  const day = zoneDate(ts);
  const sameDay = cursor?.day === day;
  const dayRunS = (sameDay ? cursor.dayRunS : 0) + (cursor && state !== 'running' ? ranOn(cursor, day, ts) : 0);
  return {
    ts,
    values: merged,
    state,
    stateSince: cursor && cursor.state === state ? cursor.stateSince : ts,
    products,
    partsTotal: Math.min((cursor?.partsTotal ?? 0) + added, INT_MAX),
    day,
    dayParts: Math.min((sameDay ? cursor.dayParts : 0) + added, INT_MAX),
    dayRunS,
  };
}

/** A machine's day once it is over: the parts it made and its running seconds (what 首页's trends add up). */
export interface ClosedDay {
  day: string;
  parts: number;
  run_s: number;
}

/** How many whole silent days a running machine's gap may fill: the trends look back a month at most. */
const MAX_FILLED_DAYS = 31;

/**
 * The days a reading at `ts` closes: the cursor's own day, with the period running at its end counted up to its
 * midnight (the day's share of the timeline's running band), and each whole day after it without a reading, spent
 * running from end to end when the machine was running (its timeline shows those days so) and otherwise nothing
 * worth a row. None while the reading is on the cursor's day.
 */
export function closedDays(cursor: MachineCursor | null, ts: Date): ClosedDay[] {
  const today = zoneDate(ts);
  if (!cursor?.day || cursor.day >= today) return [];
  const running = cursor.state === 'running';
  const closed: ClosedDay[] = [];
  for (let day = cursor.day, n = 0; day < today && n <= MAX_FILLED_DAYS; day = addDays(day, 1), n++) {
    const first = day === cursor.day;
    if (!first && !running) break;
    const [start, end] = zoneDayRange(day);
    const ran = running ? Math.max(end.getTime() - Math.max(cursor.stateSince.getTime(), start.getTime()), 0) / 1000 : 0;
    closed.push({ day, parts: first ? cursor.dayParts : 0, run_s: (first ? cursor.dayRunS : 0) + ran });
  }
  return closed;
}

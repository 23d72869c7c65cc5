import { sql } from 'drizzle-orm';
import type { MachineState } from '@gw/contracts';
import type { Db, Tx } from '../../db/client.js';
import { type ClosedDay, type MachineCursor, alarmsOf, closedDays, step } from './machine-step.js';
import { queryRows } from '../../db/rows.js';
import { type LatestRow, cursorOf } from './latest-row.js';
import type { BatchOutcome, Reading } from './types.js';

interface AlarmRow {
  machine_tool_id: number;
  device_id: number;
  alarm_no: string;
  alarm_type: string;
  alarm_msg: string;
  started_at: Date;
  ended_at?: Date | null;
}
interface StateRow {
  machine_tool_id: number;
  device_id: number;
  state: MachineState;
  started_at: Date;
  ended_at: Date | null;
}

/**
 * Writes one batch in one transaction of two statements: the machines' latest rows (locked: two nodes never move
 * one machine at once) and open alarms read together, then every write in one statement — each reading into
 * `telemetry`, each machine's latest row moved forward once (readings older than it are history only), its state
 * periods and alarm periods closed and opened, and the days its readings closed kept in `machine_day`. Each part travels as one JSON parameter (the same SQL on
 * PostgreSQL and PGlite, no statement per row). The partitions of the readings' days exist already.
 */
export async function storeBatch(db: Db, readings: Reading[]): Promise<BatchOutcome> {
  return db.transaction((tx) => advanceMachines(tx, readings));
}

/** The latest rows (locked, in id order) and open alarms of these machines, in one round trip. */
async function readMachines(tx: Tx, ids: number[]): Promise<{ latest: LatestRow[]; alarms: { id: number; machine_tool_id: number; alarm_no: string; alarm_msg: string }[] }> {
  const list = JSON.stringify(ids);
  const [row] = await queryRows<{ doc: string }>(
    tx,
    sql`with ids as (select value::int as id from jsonb_array_elements_text(${list}::jsonb)),
      l as (select m.machine_tool_id, m.ts, m."values", m.state, m.state_since, m.products, m.parts_total, m.day, m.day_parts, m.day_run_s
        from machine_latest m where m.machine_tool_id in (select id from ids) order by m.machine_tool_id for update)
    select json_build_object(
      'latest', coalesce((select json_agg(l) from l), '[]'),
      'alarms', coalesce((select json_agg(json_build_object('id', a.id, 'machine_tool_id', a.machine_tool_id, 'alarm_no', a.alarm_no, 'alarm_msg', a.alarm_msg))
        from machine_alarm a where a.machine_tool_id in (select id from ids) and a.ended_at is null), '[]')
    )::text as doc`,
  );
  return JSON.parse(row.doc) as Awaited<ReturnType<typeof readMachines>>;
}

const json = (value: unknown) => JSON.stringify(value);

/** The readings as `[[machine id, time, values], …]`, the history statement's document (and the upserts' values by index). */
function historyDoc(readings: readonly Reading[]): string {
  let doc = '[';
  for (let i = 0; i < readings.length; i++) {
    const r = readings[i];
    doc += `${i ? ',' : ''}[${r.machineId},"${r.ts.toISOString()}",${JSON.stringify(r.values)}]`;
  }
  return `${doc}]`;
}

/** Items by a numeric key, in their order. */
function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

async function advanceMachines(tx: Tx, readings: Reading[]): Promise<BatchOutcome> {
  const byMachine = groupBy(readings, (r) => r.machineId);
  const ids = [...byMachine.keys()];
  const { latest, alarms: openAlarms } = await readMachines(tx, ids);
  const latestOf = new Map(latest.map((l) => [l.machine_tool_id, l]));
  const alarmsOfMachine = groupBy(openAlarms, (a) => a.machine_tool_id);

  const outcome: BatchOutcome = { transitions: [], alarms: [], latest: [] };
  // a machine's latest values are most often exactly its last reading's (a box sends all its values): the upsert
  // then points at that reading in the history document (vi) instead of carrying them again
  const upserts: (Omit<LatestRow, 'ts' | 'state_since' | 'values'> & { device_id: number; ts: Date; state_since: Date; values?: Record<string, unknown>; vi?: number })[] = [];
  const indexOf = new Map(readings.map((r, i) => [r, i]));
  const newStates: StateRow[] = [];
  const newAlarms: AlarmRow[] = [];
  const closeStates: { machineId: number; at: Date }[] = [];
  const closeAlarms: { id: number; at: Date }[] = [];
  const days: (ClosedDay & { machine_tool_id: number })[] = [];

  for (const [machineId, list] of byMachine) {
    const row = latestOf.get(machineId);
    let cursor: MachineCursor | null = row ? cursorOf(row) : null;
    const start = cursor;
    /** Open alarms by number: a stored row (id) or one opened in this batch (its pending insert). */
    const open = new Map<string, { id?: number; msg: string; row?: AlarmRow }>(
      (alarmsOfMachine.get(machineId) ?? []).map((a) => [a.alarm_no, { id: a.id, msg: a.alarm_msg }]),
    );
    let openState: StateRow | null = null;
    let last: Reading | null = null;
    for (const reading of list.sort((a, b) => a.ts.getTime() - b.ts.getTime())) {
      if (cursor && reading.ts <= cursor.ts) continue; // late or repeated: history only
      for (const day of closedDays(cursor, reading.ts)) days.push({ machine_tool_id: machineId, ...day });
      const next = step(cursor, reading.category, reading.ts, reading.values);
      if (!cursor || next.state !== cursor.state) {
        if (openState) openState.ended_at = reading.ts;
        else if (cursor) closeStates.push({ machineId, at: reading.ts });
        openState = { machine_tool_id: machineId, device_id: reading.deviceId, state: next.state, started_at: reading.ts, ended_at: null };
        newStates.push(openState);
        outcome.transitions.push({ reading, state: next.state });
      }
      const alarms = alarmsOf(reading.values);
      if (alarms) {
        for (const [no, period] of open) {
          if (alarms.has(no)) continue;
          if (period.row) period.row.ended_at = reading.ts;
          else closeAlarms.push({ id: period.id!, at: reading.ts });
          open.delete(no);
          outcome.alarms.push({ reading, alarm_no: no, alarm_msg: period.msg, active: false });
        }
        for (const [no, alarm] of alarms) {
          if (open.has(no)) continue;
          const insert: AlarmRow = {
            machine_tool_id: machineId,
            device_id: reading.deviceId,
            alarm_no: no,
            alarm_type: alarm.alarm_type ?? '',
            alarm_msg: alarm.alarm_msg ?? '',
            started_at: reading.ts,
          };
          newAlarms.push(insert);
          open.set(no, { msg: insert.alarm_msg ?? '', row: insert });
          outcome.alarms.push({ reading, alarm_no: no, alarm_msg: alarm.alarm_msg ?? '', active: true });
        }
      }
      cursor = next;
      last = reading;
    }
    if (!cursor || !last || cursor === start) continue;
    // merged ⊇ the reading's keys, the reading's values winning: the same key count is the same values
    const sameValues = Object.keys(cursor.values).length === Object.keys(last.values).length;
    upserts.push({
      machine_tool_id: machineId,
      device_id: last.deviceId,
      ts: cursor.ts,
      ...(sameValues ? { vi: indexOf.get(last)! } : { values: cursor.values }),
      state: cursor.state,
      state_since: cursor.stateSince,
      products: cursor.products,
      parts_total: cursor.partsTotal,
      day: cursor.day,
      day_parts: cursor.dayParts,
      day_run_s: cursor.dayRunS,
    });
    outcome.latest.push({ reading: last, values: cursor.values });
  }

  // one statement: its parts see the same snapshot, so closing the open periods never touches those opened here.
  // A reading sent again (QoS 1 redelivery) is not stored twice; the latest row takes its values from h, never from
  // what the history insert stored, so a skipped copy changes nothing else
  await tx.execute(sql`with
    h as materialized (select ${historyDoc(readings)}::jsonb as doc),
    history as (insert into telemetry (machine_tool_id, ts, "values")
      select (e->>0)::int, (e->>1)::timestamptz, e->2 from h, jsonb_array_elements(h.doc) e
      on conflict (machine_tool_id, ts) do nothing),
    closed_states as (update machine_state_log s set ended_at = c.at
      from jsonb_to_recordset(${json(closeStates)}::jsonb) as c("machineId" int, at timestamptz)
      where s.machine_tool_id = c."machineId" and s.ended_at is null),
    closed_alarms as (update machine_alarm a set ended_at = c.at
      from jsonb_to_recordset(${json(closeAlarms)}::jsonb) as c(id bigint, at timestamptz) where a.id = c.id),
    opened_states as (insert into machine_state_log (machine_tool_id, device_id, state, started_at, ended_at)
      select machine_tool_id, device_id, state, started_at, ended_at
      from jsonb_to_recordset(${json(newStates)}::jsonb) as n(machine_tool_id int, device_id int, state text, started_at timestamptz, ended_at timestamptz)),
    closed_days as (insert into machine_day (machine_tool_id, day, parts, run_s)
      select machine_tool_id, day, parts, run_s from jsonb_to_recordset(${json(days)}::jsonb) as d(machine_tool_id int, day date, parts int, run_s float8)
      on conflict (machine_tool_id, day) do update set parts = excluded.parts, run_s = excluded.run_s),
    opened_alarms as (insert into machine_alarm (machine_tool_id, device_id, alarm_no, alarm_type, alarm_msg, started_at, ended_at)
      select machine_tool_id, device_id, alarm_no, alarm_type, alarm_msg, started_at, ended_at
      from jsonb_to_recordset(${json(newAlarms)}::jsonb)
        as n(machine_tool_id int, device_id int, alarm_no text, alarm_type text, alarm_msg text, started_at timestamptz, ended_at timestamptz))
    insert into machine_latest as m (machine_tool_id, device_id, ts, "values", state, state_since, products, parts_total, day, day_parts, day_run_s)
      select machine_tool_id, device_id, ts, coalesce(u."values", h.doc -> u.vi -> 2), state, state_since, products, parts_total, day, day_parts, day_run_s
      from h, jsonb_to_recordset(${json(upserts)}::jsonb) as u(machine_tool_id int, device_id int, ts timestamptz, "values" jsonb, vi int, state text,
        state_since timestamptz, products int, parts_total int, day date, day_parts int, day_run_s float8)
    on conflict (machine_tool_id) do update set device_id = excluded.device_id, ts = excluded.ts, "values" = excluded."values",
      state = excluded.state, state_since = excluded.state_since, products = excluded.products, parts_total = excluded.parts_total,
      day = excluded.day, day_parts = excluded.day_parts, day_run_s = excluded.day_run_s, updated_at = now()
    where m.ts < excluded.ts`);
  return outcome;
}

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { machineAlarm, machineLatest, machineStateLog } from '../../db/schema.js';
import { type MachineCursor, alarmsOf, step } from './machine-step.js';
import type { BatchOutcome, Reading } from './types.js';

type AlarmRow = typeof machineAlarm.$inferInsert;
type StateRow = typeof machineStateLog.$inferInsert;

/**
 * Writes one batch in one transaction: every reading into `telemetry` (one statement), each machine's latest
 * row moved forward once (readings older than it are history only), its state periods and alarm periods.
 * The partitions of the readings' days exist already.
 */
export async function storeBatch(db: Db, readings: Reading[]): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    await insertHistory(tx, readings);
    return advanceMachines(tx, readings);
  });
}

/** All readings in one multi-row INSERT … SELECT over a JSON array (the same statement on PostgreSQL and PGlite). */
async function insertHistory(tx: Tx, readings: Reading[]): Promise<void> {
  const rows = JSON.stringify(readings.map((r) => [r.machineId, r.ts.toISOString(), r.values]));
  await tx.execute(sql`insert into telemetry (machine_tool_id, ts, "values")
    select (e->>0)::int, (e->>1)::timestamptz, e->2 from jsonb_array_elements(${rows}::jsonb) e`);
}

async function advanceMachines(tx: Tx, readings: Reading[]): Promise<BatchOutcome> {
  const byMachine = new Map<number, Reading[]>();
  for (const r of readings) {
    const list = byMachine.get(r.machineId);
    if (list) list.push(r);
    else byMachine.set(r.machineId, [r]);
  }
  const ids = [...byMachine.keys()];
  // locked: two nodes never move one machine at once (a box is on one node, but a reconnect may move it)
  const latest = await tx.select().from(machineLatest).where(inArray(machineLatest.machine_tool_id, ids)).orderBy(machineLatest.machine_tool_id).for('update');
  const openAlarms = await tx
    .select({ id: machineAlarm.id, machine_tool_id: machineAlarm.machine_tool_id, alarm_no: machineAlarm.alarm_no, alarm_msg: machineAlarm.alarm_msg })
    .from(machineAlarm)
    .where(and(inArray(machineAlarm.machine_tool_id, ids), isNull(machineAlarm.ended_at)));

  const outcome: BatchOutcome = { transitions: [], alarms: [], latest: [] };
  const upserts: (typeof machineLatest.$inferInsert)[] = [];
  const newStates: StateRow[] = [];
  const newAlarms: AlarmRow[] = [];
  const closeStates: { machineId: number; at: Date }[] = [];
  const closeAlarms: { id: number; at: Date }[] = [];

  for (const [machineId, list] of byMachine) {
    const row = latest.find((l) => l.machine_tool_id === machineId);
    let cursor: MachineCursor | null = row
      ? { ts: row.ts, values: row.values, state: row.state, stateSince: row.state_since, products: row.products, partsTotal: row.parts_total, day: row.day, dayParts: row.day_parts, dayRunS: row.day_run_s }
      : null;
    const start = cursor;
    /** Open alarms by number: a stored row (id) or one opened in this batch (its pending insert). */
    const open = new Map<string, { id?: number; msg: string; row?: AlarmRow }>(
      openAlarms.filter((a) => a.machine_tool_id === machineId).map((a) => [a.alarm_no, { id: a.id, msg: a.alarm_msg }]),
    );
    let openState: StateRow | null = null;
    let last: Reading | null = null;
    for (const reading of list.sort((a, b) => a.ts.getTime() - b.ts.getTime())) {
      if (cursor && reading.ts <= cursor.ts) continue; // late or repeated: history only
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
    upserts.push({
      machine_tool_id: machineId,
      device_id: last.deviceId,
      ts: cursor.ts,
      values: cursor.values,
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

  for (const c of closeStates) {
    await tx
      .update(machineStateLog)
      .set({ ended_at: c.at })
      .where(and(eq(machineStateLog.machine_tool_id, c.machineId), isNull(machineStateLog.ended_at)));
  }
  for (const c of closeAlarms) await tx.update(machineAlarm).set({ ended_at: c.at }).where(eq(machineAlarm.id, c.id));
  if (newStates.length) await tx.insert(machineStateLog).values(newStates);
  if (newAlarms.length) await tx.insert(machineAlarm).values(newAlarms);
  if (upserts.length) {
    await tx
      .insert(machineLatest)
      .values(upserts)
      .onConflictDoUpdate({
        target: machineLatest.machine_tool_id,
        set: {
          device_id: sql`excluded.device_id`,
          ts: sql`excluded.ts`,
          values: sql`excluded."values"`,
          state: sql`excluded.state`,
          state_since: sql`excluded.state_since`,
          products: sql`excluded.products`,
          parts_total: sql`excluded.parts_total`,
          day: sql`excluded.day`,
          day_parts: sql`excluded.day_parts`,
          day_run_s: sql`excluded.day_run_s`,
          updated_at: sql`now()`,
        },
        where: sql`${machineLatest.ts} < excluded.ts`,
      });
  }
  return outcome;
}

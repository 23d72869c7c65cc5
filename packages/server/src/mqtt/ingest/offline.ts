import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { type LatestRow, cursorOf } from './latest-row.js';
import { goOffline } from './machine-step.js';

/** A machine tool taken offline with its box: from when (its last reading), and whose it is. */
export interface MachineGone {
  machine_tool_id: number;
  device_id: number;
  at: Date;
}

/**
 * The machine tools of boxes that went offline, each 离线 from its last reading (goOffline): its open state
 * period closed there and a 离线 period opened, its latest row moved to that state with a running period's
 * seconds added to its day — in one transaction, its latest rows locked in id order as the ingest locks them, so
 * a batch of readings and this never move one machine at once. Machine tools already offline are left as they
 * are. Without this, one running when its box vanished would stay 运行 in its timeline, 稼动率 and daily
 * figures until the box reported again.
 */
export async function takeMachinesOffline(db: Db, deviceIds: number[]): Promise<MachineGone[]> {
  if (!deviceIds.length) return [];
  return db.transaction(async (tx) => {
    const [{ doc }] = await queryRows<{ doc: string }>(
      tx,
      sql`with l as (
          select m.machine_tool_id, t.device_id, m.ts, '{}'::jsonb as "values", m.state, m.state_since, m.products, m.parts_total, m.day, m.day_parts, m.day_run_s
          from machine_latest m join machine_tool t on t.id = m.machine_tool_id
          where t.device_id in (select value::int from jsonb_array_elements_text(${JSON.stringify(deviceIds)}::jsonb)) and m.state <> 'offline'
          order by m.machine_tool_id for update of m
        )
        select coalesce(json_agg(l), '[]')::text as doc from l`,
    );
    const gone = (JSON.parse(doc) as (LatestRow & { device_id: number })[]).map((row) => {
      const c = goOffline(cursorOf(row));
      return { machine_tool_id: row.machine_tool_id, device_id: row.device_id, at: c.stateSince, day: c.day, day_parts: c.dayParts, day_run_s: c.dayRunS };
    });
    if (!gone.length) return [];
    await tx.execute(sql`with
      c as (select * from jsonb_to_recordset(${JSON.stringify(gone)}::jsonb)
        as c(machine_tool_id int, device_id int, at timestamptz, day date, day_parts int, day_run_s float8)),
      closed as (update machine_state_log s set ended_at = c.at from c where s.machine_tool_id = c.machine_tool_id and s.ended_at is null),
      opened as (insert into machine_state_log (machine_tool_id, device_id, state, started_at) select machine_tool_id, device_id, 'offline', at from c)
      update machine_latest m set state = 'offline', state_since = c.at, day = c.day, day_parts = c.day_parts, day_run_s = c.day_run_s, updated_at = now()
      from c where m.machine_tool_id = c.machine_tool_id`);
    return gone.map(({ machine_tool_id, device_id, at }) => ({ machine_tool_id, device_id, at }));
  });
}

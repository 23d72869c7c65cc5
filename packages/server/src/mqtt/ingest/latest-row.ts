import type { MachineState } from '@gw/contracts';
import type { MachineCursor } from './machine-step.js';

/** A machine's `machine_latest` row as its statements read it (times and dates as JSON text). */
export interface LatestRow {
  machine_tool_id: number;
  ts: string;
  values: Record<string, unknown>;
  state: MachineState;
  state_since: string;
  products: number | null;
  parts_total: number;
  day: string | null;
  day_parts: number;
  day_run_s: number;
}

/** The running state a machine's latest row holds, to move forward. */
export const cursorOf = (row: LatestRow): MachineCursor => ({
  ts: new Date(row.ts),
  values: row.values,
  state: row.state,
  stateSince: new Date(row.state_since),
  products: row.products,
  partsTotal: row.parts_total,
  day: row.day,
  dayParts: row.day_parts,
  dayRunS: row.day_run_s,
});

import type { MachineState } from '@gw/contracts';

/** One machine tool's values at one time, mapped to its row, waiting in the batch. */
export interface Reading {
  machineId: number;
  category: string;
  deviceId: number;
  customerId: number;
  ts: Date;
  /** `cnc_*` name → value, as the box sent them in this message. */
  values: Record<string, unknown>;
}

/** What a committed batch changed that the console hears of (live events). */
export interface BatchOutcome {
  transitions: { reading: Reading; state: MachineState }[];
  alarms: { reading: Reading; alarm_no: string; alarm_msg: string; active: boolean }[];
  /** Each machine's latest merged values when they moved forward in this batch. */
  latest: { reading: Reading; values: Record<string, unknown> }[];
}

/** The app's logger (pino's argument order); start.ts may pass app.log, else the console. */
export interface IngestLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

import type { MachineState } from './live.js';

/**
 * What a controller brand's `cnc_runstatus`, `cnc_emer` and `cnc_mode` numbers mean, as the box reads them
 * from the controller's own API (FANUC FOCAS `cnc_statinfo`, Mitsubishi EZSocket, Siemens SINUMERIK OPC UA).
 * The ingest derives a machine's state from these tables and the simulator draws realistic values from them,
 * so they are kept as plain data: one entry per code, with its controller name and a Chinese title.
 */
export interface BrandCode {
  code: number;
  /** The controller's own name of the code (as its HMI or API shows it). */
  name: string;
  title: string;
}

export interface RunStatusCode extends BrandCode {
  /** The machine is cutting / executing a program. */
  running: boolean;
}

export interface EmergencyCode extends BrandCode {
  /** Emergency stop is pressed (the machine counts as in alarm). */
  emergency: boolean;
}

export interface BrandTables {
  runStatus: readonly RunStatusCode[];
  emergency: readonly EmergencyCode[];
  mode: readonly BrandCode[];
}

/** FANUC FOCAS `cnc_statinfo`: `run`, `emergency`, `aut` (M series). */
const FANUC: BrandTables = {
  runStatus: [
    { code: 0, name: '****', title: '复位', running: false },
    { code: 1, name: 'STOP', title: '停止', running: false },
    { code: 2, name: 'HOLD', title: '进给保持', running: false },
    { code: 3, name: 'STRT', title: '运行', running: true },
    { code: 4, name: 'MSTR', title: '手动运行', running: true },
  ],
  emergency: [
    { code: 0, name: '****', title: '正常', emergency: false },
    { code: 1, name: 'EMG', title: '急停', emergency: true },
    { code: 2, name: 'RSET', title: '复位中', emergency: false },
    { code: 3, name: 'WAIT', title: '等待', emergency: false },
  ],
  mode: [
    { code: 0, name: 'MDI', title: 'MDI' },
    { code: 1, name: 'MEM', title: '自动' },
    { code: 2, name: '****', title: '无' },
    { code: 3, name: 'EDIT', title: '编辑' },
    { code: 4, name: 'HND', title: '手轮' },
    { code: 5, name: 'JOG', title: 'JOG' },
    { code: 6, name: 'TJOG', title: '示教JOG' },
    { code: 7, name: 'THND', title: '示教手轮' },
    { code: 8, name: 'INC', title: '增量进给' },
    { code: 9, name: 'REF', title: '回零' },
    { code: 10, name: 'RMT', title: '远程' },
  ],
};

/** Mitsubishi M70/M80 (EZSocket `GetRunStatus`, `GetEmergencyStop`, `GetMode`). */
const MITSUBISHI: BrandTables = {
  runStatus: [
    { code: 0, name: 'NOT_AUTO', title: '非自动运行', running: false },
    { code: 1, name: 'AUTO_RUN', title: '自动运行中', running: true },
    { code: 2, name: 'FEED_HOLD', title: '进给保持', running: false },
    { code: 3, name: 'BLOCK_STOP', title: '单段停止', running: false },
  ],
  emergency: [
    { code: 0, name: 'NORMAL', title: '正常', emergency: false },
    { code: 1, name: 'EMG', title: '急停', emergency: true },
  ],
  mode: [
    { code: 0, name: 'JOG', title: 'JOG' },
    { code: 1, name: 'HANDLE', title: '手轮' },
    { code: 2, name: 'INC', title: '增量进给' },
    { code: 3, name: 'MDI', title: 'MDI' },
    { code: 4, name: 'MEMORY', title: '自动(存储器)' },
    { code: 5, name: 'TAPE', title: '纸带' },
    { code: 6, name: 'REF', title: '回零' },
    { code: 7, name: 'EDIT', title: '编辑' },
  ],
};

/** Siemens SINUMERIK 840D sl / 828D: `/Channel/State/progStatus`, emergency stop, `/Bag/State/opMode`. */
const SIEMENS_CNC: BrandTables = {
  runStatus: [
    { code: 1, name: 'interrupted', title: '中断', running: false },
    { code: 2, name: 'stopped', title: '停止', running: false },
    { code: 3, name: 'in progress', title: '运行中', running: true },
    { code: 4, name: 'waiting', title: '等待', running: false },
    { code: 5, name: 'aborted', title: '已终止', running: false },
  ],
  emergency: [
    { code: 0, name: 'NORMAL', title: '正常', emergency: false },
    { code: 1, name: 'EMERGENCY_STOP', title: '急停', emergency: true },
  ],
  mode: [
    { code: 0, name: 'JOG', title: 'JOG' },
    { code: 1, name: 'MDA', title: 'MDA' },
    { code: 2, name: 'AUTO', title: '自动' },
  ],
};

/** The tables per machine tool category (dictionary value); brands without one are derived generically. */
export const BRAND_TABLES: Readonly<Partial<Record<string, BrandTables>>> = {
  fanuc: FANUC,
  mitsubishi: MITSUBISHI,
  siemens_cnc: SIEMENS_CNC,
};

/** A code sent as a number or a numeric string, else null. */
export function codeOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** The entry of `code` in one of a brand's tables, else undefined. */
export function brandCode<T extends BrandCode>(table: readonly T[] | undefined, value: unknown): T | undefined {
  const code = codeOf(value);
  return code === null ? undefined : table?.find((c) => c.code === code);
}

/**
 * A machine's state from its latest values (`cnc_*` name → value): alarm when its emergency stop is pressed
 * or `cnc_alarm` lists an alarm, running when its run status means running, else idle. 'offline' is decided
 * elsewhere (the box is offline, or the box reports the controller unreachable).
 * Brands without tables: any emergency code other than 0 is an emergency; any run status other than 0 runs.
 */
export function deriveMachineState(category: string, values: Readonly<Record<string, unknown>>): Exclude<MachineState, 'offline'> {
  const tables = BRAND_TABLES[category];
  const alarms = values.cnc_alarm;
  const emer = codeOf(values.cnc_emer);
  const emergency = tables ? brandCode(tables.emergency, emer)?.emergency === true : emer !== null && emer !== 0;
  if (emergency || (Array.isArray(alarms) && alarms.length > 0)) return 'alarm';
  const run = codeOf(values.cnc_runstatus);
  const running = tables ? brandCode(tables.runStatus, run)?.running === true : run !== null && run !== 0;
  return running ? 'running' : 'idle';
}

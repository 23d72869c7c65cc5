import { BRAND_TABLES, type BrandTables, type CncAlarm, type TelemetryItem } from '@gw/contracts';

/** A machine tool as a box knows it: its code on the box and its controller brand (machine tool category). */
export interface MachineSpec {
  code: string;
  category: string;
}

type Phase = 'running' | 'idle' | 'alarm';

/** What each brand looks like on the wire beyond its code tables. */
export interface BrandLook {
  type: string;
  axes: string[];
  programs: string[];
  alarms: CncAlarm[];
  maxSpeed: number;
}

const LOOKS: Record<string, BrandLook> = {
  fanuc: {
    type: '0i-MF',
    axes: ['X', 'Y', 'Z'],
    programs: ['O1001', 'O2030', 'O5120', 'O8001'],
    alarms: [
      { alarm_no: '1001', alarm_type: 'OT', alarm_msg: 'X轴正向超程' },
      { alarm_no: '0401', alarm_type: 'SV', alarm_msg: '伺服 V-READY 关断' },
      { alarm_no: '2002', alarm_type: 'EX', alarm_msg: '润滑油位低' },
    ],
    maxSpeed: 12000,
  },
  mitsubishi: {
    type: 'M80',
    axes: ['X', 'Y', 'Z'],
    programs: ['1001', '2025', '3300'],
    alarms: [
      { alarm_no: 'M01 0004', alarm_type: 'M01', alarm_msg: '外部互锁' },
      { alarm_no: 'S02 0031', alarm_type: 'S02', alarm_msg: '主轴过载' },
    ],
    maxSpeed: 10000,
  },
  siemens_cnc: {
    type: '828D',
    axes: ['X', 'Y', 'Z', 'B'],
    programs: ['PART_A1.MPF', 'SHAFT_02.MPF', 'FLANGE.MPF'],
    alarms: [
      { alarm_no: '25000', alarm_type: 'NCK', alarm_msg: '主动编码器硬件故障' },
      { alarm_no: '700015', alarm_type: 'PLC', alarm_msg: '冷却液液位低' },
    ],
    maxSpeed: 8000,
  },
};
const GENERIC: BrandLook = { type: 'CNC', axes: ['X', 'Y', 'Z'], programs: ['P1000'], alarms: [{ alarm_no: '100', alarm_type: 'SYS', alarm_msg: '系统报警' }], maxSpeed: 8000 };
const GENERIC_TABLES: BrandTables = {
  runStatus: [
    { code: 0, name: 'STOP', title: '停止', running: false },
    { code: 1, name: 'RUN', title: '运行', running: true },
  ],
  emergency: [
    { code: 0, name: 'NORMAL', title: '正常', emergency: false },
    { code: 1, name: 'EMG', title: '急停', emergency: true },
  ],
  mode: [{ code: 0, name: 'AUTO', title: '自动' }],
};

/** A brand's code tables and look; brands without their own get a generic pair. */
export const brandOf = (category: string): { tables: BrandTables; look: BrandLook } => ({
  tables: BRAND_TABLES[category] ?? GENERIC_TABLES,
  look: LOOKS[category] ?? GENERIC,
});

/** The brand's first code that means running (or not): STRT on a FANUC, AUTO_RUN on a Mitsubishi, … */
export const runStatusCode = (tables: BrandTables, running: boolean): number =>
  (tables.runStatus.find((c) => c.running === running) ?? tables.runStatus[0]).code;
export const emergencyCode = (tables: BrandTables, emergency: boolean): number =>
  (tables.emergency.find((c) => c.emergency === emergency) ?? tables.emergency[0]).code;
/** The automatic mode (自动) of a brand: what a machine runs a program in. */
export const autoModeCode = (tables: BrandTables): number => (tables.mode.find((m) => /自动/.test(m.title)) ?? tables.mode[0]).code;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const round = (value: number, digits: number) => Number(value.toFixed(digits));
/** True with this chance per second, over `seconds`. */
const chance = (perSecond: number, seconds: number) => Math.random() < 1 - Math.exp(-perSecond * seconds);

/**
 * One simulated machine tool: it runs programs (parts counted up, now and then reset), idles, and sometimes
 * stops on an alarm or an emergency stop, with the codes of its brand's tables. `sample()` advances it to now.
 */
export class SimulatedMachine {
  private readonly tables: BrandTables;
  private readonly look: BrandLook;
  private phase: Phase = Math.random() < 0.7 ? 'running' : 'idle';
  private phaseUntil = 0;
  private products = Math.floor(Math.random() * 300);
  private cycleLeft = 20 + Math.random() * 60;
  private tool = 1 + Math.floor(Math.random() * 20);
  private program: string;
  private setSpeed: number;
  private emergency = false;
  private alarms: CncAlarm[] = [];
  private last = Date.now();
  private readonly offsets: number[];
  private idleMode: number;

  /** `products`: the part counter to start from (a machine whose history was just delivered goes on from it). */
  constructor(
    readonly spec: MachineSpec,
    products?: number,
  ) {
    ({ tables: this.tables, look: this.look } = brandOf(spec.category));
    if (products !== undefined) this.products = products;
    this.program = pick(this.look.programs);
    this.setSpeed = this.newSpeed();
    this.offsets = this.look.axes.map(() => Math.random() * 200 - 100);
    this.idleMode = pick(this.tables.mode).code;
  }

  private newSpeed(): number {
    return Math.round((this.look.maxSpeed * (0.2 + Math.random() * 0.6)) / 100) * 100;
  }

  private advance(now: number): void {
    const dt = Math.max(0, (now - this.last) / 1000);
    this.last = now;
    if (this.phase === 'alarm') {
      if (now >= this.phaseUntil) {
        this.phase = 'idle';
        this.emergency = false;
        this.alarms = [];
      }
      return;
    }
    if (chance(1 / 1800, dt)) {
      this.phase = 'alarm';
      this.phaseUntil = now + 20_000 + Math.random() * 60_000;
      if (Math.random() < 0.3) this.emergency = true;
      else this.alarms = [pick(this.look.alarms)];
      return;
    }
    if (this.phase === 'idle') {
      if (chance(1 / 45, dt)) {
        this.phase = 'running';
        if (Math.random() < 0.3) this.program = pick(this.look.programs);
        this.setSpeed = this.newSpeed();
      }
      return;
    }
    this.cycleLeft -= dt;
    while (this.cycleLeft <= 0) {
      this.products += 1;
      this.tool = 1 + Math.floor(Math.random() * 20);
      this.cycleLeft += 20 + Math.random() * 60;
    }
    // a new shift (or a full counter) starts counting from 0 again
    if (this.products >= 9999 || chance(1 / 3600, dt)) this.products = 0;
    if (chance(1 / 400, dt)) {
      this.phase = 'idle';
      this.idleMode = pick(this.tables.mode).code;
    }
  }

  private runStatus(): number {
    return runStatusCode(this.tables, this.phase === 'running');
  }

  /** Automatic while running; an idle machine keeps the mode its operator left it in. */
  private mode(): number {
    return this.phase === 'running' ? autoModeCode(this.tables) : this.idleMode;
  }

  private emer(): number {
    return emergencyCode(this.tables, this.emergency);
  }

  private positions(t: number, relative: boolean) {
    return this.look.axes.map((axis, i) => {
      const moving = this.phase === 'running' ? Math.sin(t / (3000 + i * 700)) * 150 : 0;
      const mec = this.offsets[i] + moving;
      return { axis, value: round(relative ? mec - this.offsets[i] : mec, 3) };
    });
  }

  /** The machine's values now, as one element of a `data` message. */
  sample(now = Date.now()): TelemetryItem {
    this.advance(now);
    const running = this.phase === 'running';
    const actSpeed = running ? Math.round(this.setSpeed * (0.98 + Math.random() * 0.04)) : 0;
    const values: TelemetryItem['values'] = [
      { name: 'cnc_type', value: this.look.type },
      { name: 'cnc_runstatus', value: this.runStatus() },
      { name: 'cnc_emer', value: this.emer() },
      { name: 'cnc_mode', value: this.mode() },
      { name: 'cnc_alarm', value: this.alarms },
      { name: 'cnc_products', value: this.products },
      { name: 'cnc_toolnum', value: this.tool },
      { name: 'cnc_srate', value: running ? pick([90, 100, 100, 100, 110]) : 100 },
      { name: 'cnc_frate', value: running ? pick([80, 100, 100, 120]) : 100 },
      { name: 'cnc_setspeed', value: running ? this.setSpeed : 0 },
      { name: 'cnc_actspeed', value: actSpeed },
      { name: 'cnc_mecpos', value: this.positions(now, false) },
      { name: 'cnc_respos', value: this.positions(now, true) },
      { name: 'cnc_mainproname', value: this.program },
      { name: 'device_state', value: 0 },
    ];
    return { device_id: this.spec.code, ts: now, device_type: this.spec.category, values };
  }
}

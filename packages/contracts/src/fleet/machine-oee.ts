import { z } from 'zod';
import { chinaDateSchema } from './machine-history.js';
import { MACHINE_PATH } from './machine-tool.js';

/** One machine tool's OEE views: `machineOeePath(7, 'oee')`; `':id'` gives the route. */
export type MachineOeeView = 'oee' | 'plan' | 'scrap';
export const machineOeePath = (id: number | ':id', view: MachineOeeView) => `${MACHINE_PATH}/${id}/${view}`;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_MINUTES = 1440;

export const shiftSchema = z.object({
  name: z.string().trim().min(1, '班次名称不能为空').max(20, '班次名称最多 20 个字'),
  start: z.string().regex(HH_MM, '开始时间格式应为 HH:mm'),
  end: z.string().regex(HH_MM, '结束时间格式应为 HH:mm'),
});
export type Shift = z.infer<typeof shiftSchema>;

/**
 * A shift as minutes after midnight and its length: an end at or before the start is on the next day
 * (夜班 20:00–08:00 lasts 12 hours), and an end equal to the start makes a 24-hour shift.
 */
export function shiftSpan(shift: Shift): { start: number; minutes: number } {
  const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const start = minutesOf(shift.start);
  return { start, minutes: (minutesOf(shift.end) - start + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES };
}

/** The plan's shifts: 1 to 4, names unique, no two covering the same minute of the day's clock. */
export const shiftsSchema = z
  .array(shiftSchema)
  .min(1, '至少需要一个班次')
  .max(4, '最多 4 个班次')
  .superRefine((shifts, ctx) => {
    const owner = new Array<string | undefined>(DAY_MINUTES);
    const names = new Set<string>();
    for (const [index, shift] of shifts.entries()) {
      if (!HH_MM.test(shift.start) || !HH_MM.test(shift.end)) return;
      if (names.has(shift.name)) return ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `班次名称重复: ${shift.name}` });
      names.add(shift.name);
      const { start, minutes } = shiftSpan(shift);
      for (let m = start; m < start + minutes; m++) {
        const other = owner[m % DAY_MINUTES];
        if (other !== undefined) return ctx.addIssue({ code: 'custom', path: [index], message: `班次时间重叠: ${other} 与 ${shift.name}` });
        owner[m % DAY_MINUTES] = shift.name;
      }
    }
  });

export const idealCycleSchema = z.number().positive('理想节拍应大于 0 秒').max(86_400, '理想节拍最多 86400 秒');

/** The built-in defaults, used when the config items hold nothing usable. */
export const OEE_DEFAULT_SHIFTS: Shift[] = [
  { name: '白班', start: '08:00', end: '20:00' },
  { name: '夜班', start: '20:00', end: '08:00' },
];
export const OEE_DEFAULT_IDEAL_CYCLE_S = 60;

/** Why a stored `oee_shifts` config value (JSON text) is not a valid plan of shifts, or null. */
export function oeeShiftsError(value: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return '应为 JSON 数组,如 [{"name": "白班", "start": "08:00", "end": "20:00"}]';
  }
  const result = shiftsSchema.safeParse(parsed);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return `${issue.path.length ? `第 ${Number(issue.path[0]) + 1} 项 ` : ''}${issue.message}`;
}

/** Why a stored `oee_ideal_cycle_s` config value is not a positive number of seconds, or null. */
export const oeeIdealCycleError = (value: string): string | null =>
  value.trim() !== '' && idealCycleSchema.safeParse(Number(value)).success ? null : '应为大于 0 的秒数,如 60';

/** `PUT /device/machine/{id}/plan`: the machine tool's own shifts and ideal cycle; null uses the default. */
export const machinePlanWriteSchema = z.object({
  shifts: shiftsSchema.nullable(),
  ideal_cycle_s: idealCycleSchema.nullable(),
});
export type MachinePlanWrite = z.infer<typeof machinePlanWriteSchema>;

/** `GET /device/machine/{id}/plan`: its own settings (null: the default applies) and the defaults. */
export const machinePlanSchema = z.object({
  shifts: z.array(shiftSchema).nullable(),
  ideal_cycle_s: z.number().nullable(),
  defaults: z.object({ shifts: z.array(shiftSchema), ideal_cycle_s: z.number() }),
});
export type MachinePlan = z.infer<typeof machinePlanSchema>;

/** `PUT /device/machine/{id}/scrap`: parts scrapped in one shift of a day (0 removes the record). */
export const machineScrapWriteSchema = z.object({
  date: chinaDateSchema,
  shift: z.string().trim().min(1, '请选择班次').max(20),
  count: z.number().int('报废数应为整数').min(0, '报废数不能小于 0').max(1_000_000),
});
export type MachineScrapWrite = z.infer<typeof machineScrapWriteSchema>;

/**
 * OEE of a stretch of planned time. availability = run ÷ planned; performance = ideal cycle × parts ÷ run,
 * at most 1; quality = good ÷ parts, good = parts − scrap (scrap held to parts); oee = their product. A ratio
 * is null where it would divide by zero (nothing planned, no run time, no parts).
 */
export const oeeFiguresSchema = z.object({
  planned_s: z.number(),
  run_s: z.number(),
  parts: z.number().int(),
  scrap: z.number().int(),
  good: z.number().int(),
  availability: z.number().nullable(),
  performance: z.number().nullable(),
  quality: z.number().nullable(),
  oee: z.number().nullable(),
});
export type OeeFigures = z.infer<typeof oeeFiguresSchema>;

/** A shift of the day: it belongs to the day it starts on; start and end are instants (ISO). */
export const shiftOeeSchema = oeeFiguresSchema.extend({ name: z.string(), start: z.string(), end: z.string() });
export type ShiftOee = z.infer<typeof shiftOeeSchema>;

/** `GET /device/machine/{id}/oee?date`: each shift of the China-time day, and the day as all shifts together. */
export const machineOeeSchema = z.object({
  date: z.string(),
  ideal_cycle_s: z.number(),
  shifts: z.array(shiftOeeSchema),
  day: oeeFiguresSchema,
});
export type MachineOee = z.infer<typeof machineOeeSchema>;

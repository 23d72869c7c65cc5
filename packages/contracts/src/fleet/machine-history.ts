import { z } from 'zod';
import { idFilterSchema } from '../api.js';
import { MACHINE_STATES, type MachineState } from '../box/live.js';
import { defineResource } from '../resource.js';
import { MACHINE_MENU, MACHINE_PATH } from './machine-tool.js';

/** One machine tool's history views (机床详情): `machineHistoryPath(7, 'timeline')`; `':id'` gives the route. */
export type MachineHistoryView = 'timeline' | 'parts' | 'alarms';
export const machineHistoryPath = (id: number | ':id', view: MachineHistoryView) => `${MACHINE_PATH}/${id}/${view}`;

/** A calendar day that exists (2024-02-30 does not), read as a China-time day (UTC+8). */
export const chinaDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day);
  }, '日期不存在');

/** `?date=YYYY-MM-DD`: the day shown, today (China time) when absent; a day still to come is refused. */
export const machineDayQuerySchema = z.object({ date: chinaDateSchema.optional() });
export type MachineDayQuery = z.infer<typeof machineDayQuerySchema>;

export const stateBandSchema = z.object({
  state: z.enum(MACHINE_STATES),
  start: z.string(),
  end: z.string(),
});
export type StateBand = z.infer<typeof stateBandSchema>;

/**
 * `GET /device/machine/{id}/timeline`: the day's state bands, one after another from `since` to `end` (the
 * day's 24:00, or now for today) with no gap — a stretch with no recorded state is 离线 — and neighbours of one
 * state merged. `start` is the day's 00:00; `since` is the same, or when the machine tool came into being (its
 * creation or first report, whichever is earlier) if that is later: no time before it counts, not even as 离线.
 * `totals` are seconds per state (to the millisecond) and add up to `end - since`.
 */
export const machineTimelineSchema = z.object({
  date: z.string(),
  start: z.string(),
  since: z.string(),
  end: z.string(),
  bands: z.array(stateBandSchema),
  totals: z.object({ running: z.number(), idle: z.number(), alarm: z.number(), offline: z.number() }) satisfies z.ZodType<Record<MachineState, number>>,
});
export type MachineTimeline = z.infer<typeof machineTimelineSchema>;

/**
 * What the planned time is, for a tooltip beside 稼动率: 首页 sums it over the machine tools, 机床详情 shows one
 * machine tool's, and they are the same figure.
 */
export const PLANNED_TIME_RULE = '计划时长: 每台机床当日 0 点至今 (已过去的日期为全天); 当日新增的机床从创建或首次上报 (取较早者) 起算,之前的时间不计入计划,也不计为离线';

/**
 * 稼动率 of one machine tool's day: running seconds ÷ the span of its timeline (`since` to `end`) — the figure
 * 首页's 今日产量 gives for a scope of that one machine tool. Null for a day with nothing planned (before the
 * machine tool existed).
 */
export function timelineUtilisation(timeline: Pick<MachineTimeline, 'since' | 'end' | 'totals'>): number | null {
  const planned = (Date.parse(timeline.end) - Date.parse(timeline.since)) / 1000;
  return planned > 0 ? Math.min(1, timeline.totals.running / planned) : null;
}

/**
 * `GET /device/machine/{id}/parts`: parts made in each China-time hour of the day (`hours[0]` is 00:00–01:00)
 * by the `cnc_products` counter: an increase adds the difference, a drop (the counter was reset) the new count.
 */
export const machinePartsSchema = z.object({
  date: z.string(),
  hours: z.array(z.number().int()).length(24),
  total: z.number().int(),
});
export type MachineParts = z.infer<typeof machinePartsSchema>;

/** Whether an alarm is still on or has ended: the words of the `active` filter (yes / no). */
export const ALARM_ACTIVE_OPTIONS = [
  { label: '报警中', value: 'yes' },
  { label: '已恢复', value: 'no' },
] as const;

/**
 * What narrows the alarm history, without paging: the list and its export take the same. `keywords` matches the
 * number or the message; the dates bound when an alarm started; `active` yes: still on, no: ended; `sort` by the
 * start, newest first unless `started_at`.
 */
export const machineAlarmFilterSchema = z.object({
  keywords: z.string().trim().max(100).optional(),
  start_date: z.string().max(40).optional(),
  end_date: z.string().max(40).optional(),
  active: z.enum(['yes', 'no']).optional(),
  sort: z.enum(['started_at', '+started_at', '-started_at']).optional(),
});
export type MachineAlarmFilters = z.infer<typeof machineAlarmFilterSchema>;

/** `GET /device/machine/{id}/alarms`: a page of the alarm history, newest first. */
export const machineAlarmQuerySchema = machineAlarmFilterSchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
});
export type MachineAlarmQuery = z.infer<typeof machineAlarmQuerySchema>;

export const machineAlarmSchema = z.object({
  id: z.number(),
  alarm_no: z.string(),
  alarm_type: z.string(),
  alarm_msg: z.string(),
  started_at: z.string(),
  /** Null while the alarm is on (报警中), and so is the duration. */
  ended_at: z.string().nullable(),
  duration_s: z.number().nullable(),
});
export type MachineAlarm = z.infer<typeof machineAlarmSchema>;

/**
 * One machine tool's alarm history (机床详情; the machine tool is the path's id): listed by
 * GET /device/machine/{id}/alarms, exported by POST /device/machine/{id}/alarms/export, on 机床's permissions.
 */
export const machineAlarmResource = defineResource({
  path: machineHistoryPath(':id', 'alarms'),
  menu: MACHINE_MENU,
  title: '机床报警',
  item: machineAlarmSchema,
  labels: {
    alarm_no: '报警号',
    alarm_type: '类型',
    alarm_msg: '报警信息',
    started_at: '开始时间',
    ended_at: '结束时间',
    duration_s: '持续时间',
  },
  sortable: ['started_at'],
  defaultSort: '-started_at',
  dateField: 'started_at',
  keywordsHint: '报警号/报警信息',
  filters: {
    active: { label: '状态', schema: z.enum(['yes', 'no']), input: { type: 'select', options: ALARM_ACTIVE_OPTIONS } },
    // the path's machine tool: set by the route, never chosen
    machine_tool_id: { label: '机床', schema: idFilterSchema, hidden: true },
  },
  exportable: true,
});

/** Seconds as 时/分/秒, the largest two units: 2 小时 5 分, 3 分 20 秒, 45 秒 (the page and the export alike). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h) return m ? `${h} 小时 ${m} 分` : `${h} 小时`;
  if (m) return s % 60 ? `${m} 分 ${s % 60} 秒` : `${m} 分`;
  return `${s} 秒`;
}

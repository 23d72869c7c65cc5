import { z } from 'zod';
import type { MachineState } from '../box/live.js';
import { MACHINE_PATH } from './machine-tool.js';

/**
 * `GET /device/machine/states`: the enabled machine tools of the caller's scope by their state now. A machine
 * tool that never reported, or whose box is offline, is 离线 — the rule its 实时数据 shows it by.
 */
export const MACHINE_STATES_PATH = `${MACHINE_PATH}/states`;
export const machineStateCountsSchema = z.object({
  running: z.number().int(),
  idle: z.number().int(),
  alarm: z.number().int(),
  offline: z.number().int(),
  total: z.number().int(),
}) satisfies z.ZodType<Record<MachineState | 'total', number>>;
export type MachineStateCounts = z.infer<typeof machineStateCountsSchema>;

/** `GET /device/machine/alarms/today`: the alarms of the caller's scope that started today (China time). */
export const MACHINE_ALARMS_TODAY_PATH = `${MACHINE_PATH}/alarms/today`;
export const todayAlarmsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TodayAlarmsQuery = z.infer<typeof todayAlarmsQuerySchema>;

export const todayAlarmSchema = z.object({
  id: z.number(),
  machine_tool_id: z.number(),
  machine_name: z.string(),
  machine_code: z.string(),
  device_id: z.number(),
  gateway_id: z.string(),
  alarm_no: z.string(),
  alarm_type: z.string(),
  alarm_msg: z.string(),
  started_at: z.string(),
  /** Null while the alarm is on (报警中). */
  ended_at: z.string().nullable(),
});
export type TodayAlarm = z.infer<typeof todayAlarmSchema>;

/** `total` counts today's alarms, `active` those not ended; `items` the latest `limit` of them, latest first. */
export const todayAlarmsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  items: z.array(todayAlarmSchema),
});
export type TodayAlarms = z.infer<typeof todayAlarmsSchema>;

/**
 * `GET /device/machine/output/today`: today's (China time) parts and utilisation of the enabled machine tools
 * of the caller's scope, per customer their boxes belong to (a factory or workshop of the customer tree). Parts
 * count as 机床详情's parts per hour count them; utilisation (稼动率) is the running seconds today ÷ the planned
 * seconds, 0..1: each machine tool's time today up to now, from midnight or from when it came into being (created
 * or first reported, whichever is earlier) if later — the span of 机床详情's state timeline, whose running bands
 * the running seconds are.
 */
export const MACHINE_OUTPUT_TODAY_PATH = `${MACHINE_PATH}/output/today`;
export const outputTodayQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type OutputTodayQuery = z.infer<typeof outputTodayQuerySchema>;

const outputFigures = {
  /** Enabled machine tools counted. */
  machines: z.number().int(),
  parts: z.number(),
  run_s: z.number(),
  /** The time the utilisation divides by: each machine tool's seconds today up to now since it came into being. */
  planned_s: z.number(),
  utilisation: z.number().min(0).max(1),
};
export const customerOutputSchema = z.object({ customer_id: z.number().int(), customer_name: z.string(), ...outputFigures });
export type CustomerOutput = z.infer<typeof customerOutputSchema>;

/** The top `limit` customers by parts, then utilisation; the totals over the whole scope. */
export const outputTodaySchema = z.object({ items: z.array(customerOutputSchema), ...outputFigures });
export type OutputToday = z.infer<typeof outputTodaySchema>;

/**
 * `GET /device/machine/trends?days=7`: 首页's trends, the last `days` days (China time) up to today, oldest first —
 * for each, the parts made, running and planned seconds and 稼动率 of the enabled machine tools of the caller's
 * scope that existed that day (as 今日产量 counts today: planned time starts when a machine tool came into being),
 * and the alarms that started that day (as 今日报警 counts today). Today's figures are 今日产量's and 今日报警's.
 */
export const MACHINE_TRENDS_PATH = `${MACHINE_PATH}/trends`;
export const machineTrendsQuerySchema = z.object({
  days: z.coerce.number().int('days 应为整数').min(1, 'days 最小为 1').max(31, 'days 最大为 31').default(7),
});
export type MachineTrendsQuery = z.infer<typeof machineTrendsQuerySchema>;

export const machineTrendDaySchema = z.object({
  date: z.string(),
  /** The enabled machine tools that existed on the day. */
  machines: z.number().int(),
  parts: z.number(),
  run_s: z.number(),
  planned_s: z.number(),
  utilisation: z.number().min(0).max(1),
  alarms: z.number().int(),
});
export type MachineTrendDay = z.infer<typeof machineTrendDaySchema>;
export const machineTrendsSchema = z.object({ days: z.array(machineTrendDaySchema) });
export type MachineTrends = z.infer<typeof machineTrendsSchema>;

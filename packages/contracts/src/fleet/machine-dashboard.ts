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
 * count as 机床详情's parts per hour count them; utilisation is the running seconds today ÷ (machine tools ×
 * seconds gone today), 0..1, the running seconds those of 机床详情's state timeline.
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
  utilisation: z.number().min(0).max(1),
};
export const customerOutputSchema = z.object({ customer_id: z.number().int(), customer_name: z.string(), ...outputFigures });
export type CustomerOutput = z.infer<typeof customerOutputSchema>;

/** The top `limit` customers by parts, then utilisation; the totals over the whole scope. */
export const outputTodaySchema = z.object({ items: z.array(customerOutputSchema), ...outputFigures });
export type OutputToday = z.infer<typeof outputTodaySchema>;

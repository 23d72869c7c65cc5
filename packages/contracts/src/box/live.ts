import { z } from 'zod';
import type { RemoteSessionState } from '../remote-session.js';

/** A machine tool's state derived from its brand's run status, emergency stop and alarms. */
export const MACHINE_STATES = ['running', 'idle', 'alarm', 'offline'] as const;
export type MachineState = (typeof MACHINE_STATES)[number];
export const MACHINE_STATE_TITLES: Record<MachineState, string> = { running: '运行', idle: '空闲', alarm: '报警', offline: '离线' };

/** `GET /device/machine/{id}/realtime`: the latest values of one machine tool. */
export interface MachineRealtime {
  machine_id: number;
  /** ISO time of the latest values, null before any arrived. */
  ts: string | null;
  state: MachineState;
  values: Record<string, unknown>;
  alarms: { alarm_no: string; alarm_type?: string; alarm_msg?: string; since: string }[];
}

/** Why a box went online or offline, in its 上下线记录. */
export const ONLINE_REASONS = ['connect', 'disconnect', 'will', 'takeover', 'timeout', 'reconcile'] as const;
export type OnlineReason = (typeof ONLINE_REASONS)[number];
export const ONLINE_REASON_TITLES: Record<OnlineReason, string> = {
  connect: '连接',
  disconnect: '断开',
  will: '遗嘱(异常断开)',
  takeover: '被新连接顶替',
  timeout: '心跳超时',
  reconcile: '服务重启后校正',
};

/** One row of `GET /device/device/{id}/online_log`. */
export interface OnlineLogRow {
  id: number;
  online: boolean;
  at: string;
  reason: OnlineReason;
  ip: string;
  node: string;
}

/**
 * What the live channel (`/custom/api/v1/live`) pushes to a browser tab, each scoped by `customer_id` (the
 * box's owner): a tab receives an event only when that customer is in its user's subtree (vendor: all).
 * `job` events belong to their `user_id` alone; `rollout` events go to users who may see rollouts.
 */
export type LiveEvent =
  | { type: 'presence'; customer_id: number; device_id: number; gateway_id: string; online: boolean; at: string }
  | { type: 'machine_state'; customer_id: number; device_id: number; machine_id: number; state: MachineState; at: string }
  | { type: 'alarm'; customer_id: number; device_id: number; machine_id: number; alarm_no: string; alarm_msg: string; active: boolean; at: string }
  | { type: 'realtime'; customer_id: number; device_id: number; machine_id: number; ts: string; values: Record<string, unknown> }
  | { type: 'job'; user_id: number; job_id: number; status: string; progress: number }
  | { type: 'debug'; user_id: number; session_id: number; command_id: number; ret: number; msg: unknown }
  /**
   * A remote session changed (opened, approved, refused, ended): for tabs that may see the box's company with
   * 远程会话's 查询, and for the user who asked for it.
   */
  | { type: 'remote_session'; customer_id: number; user_id: number; session_id: number; status: RemoteSessionState; at: string }
  /** A rollout moved (its state, or one box's: `device_id`); for tabs whose user has 版本管理's 查询. */
  | { type: 'rollout'; rollout_id: number; device_id: number | null; state: string; at: string };
export type LiveEventType = LiveEvent['type'];

/** What a tab sends after it opens the channel: its session token first (nothing is sent before it). */
export const liveHelloSchema = z.object({ token: z.string().min(1) });
/** Then, optionally, which devices' `realtime` values it wants (the drawer's 实时数据 tab); others get none. */
export const liveWatchSchema = z.object({ watch: z.array(z.number().int().positive()).max(50) });

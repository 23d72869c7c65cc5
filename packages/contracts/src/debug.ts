import { z } from 'zod';
import { idSchema } from './api.js';
import type { ResourceDescriptor } from './resource.js';
import { menuPath } from './menus.js';

/**
 * 远程调试 (the box drawer's tab) and the box's remote configuration (设备 → 远程配置): the platform forwards a
 * command of the box's own HTTP API over MQTT (control/<gw>/v1) and answers the box's reply (echo/<gw>/v1).
 * A session belongs to one box; it is read under 网关设备's 查询 and written under its 远程调试 bit.
 */
export const DEBUG_SESSION_PATH = '/device/debug_session';
/** The menu whose bits guard the console: 网关设备 (read = 查询, write = 远程调试). */
export const DEBUG_SESSION_MENU = menuPath('device');

export const BOX_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type BoxMethod = (typeof BOX_METHODS)[number];

/** A command of the box's HTTP API: `url` is a path on the box (starts with /), `data` any JSON (the body). */
export const boxRequestSchema = z.object({
  method: z.enum(BOX_METHODS, { message: '请求方式只能是 GET、POST、PUT 或 DELETE' }),
  url: z
    .string({ message: '请输入请求地址' })
    .trim()
    .min(1, '请输入请求地址')
    .max(512, '请求地址最长 512 个字符')
    .regex(/^\/\S*$/, '请求地址应以 / 开头且不含空格'),
  data: z.unknown().optional(),
});
export type BoxRequest = z.infer<typeof boxRequestSchema>;

/** `POST /device/debug_session` `{device_id}`: opens a debug session on a box (the box's row id). */
export const debugOpenSchema = z.object({ device_id: idSchema });
export type DebugOpen = z.infer<typeof debugOpenSchema>;

/** `POST /device/debug_session/{id}/send`. */
export const debugSendSchema = boxRequestSchema;
export type DebugSend = BoxRequest;

/** One command sent in a session: ret null while waiting, the box's ret, or -1 设备无响应 / 设备不在线. */
export const debugCommandSchema = z.object({
  id: z.number(),
  method: z.string(),
  url: z.string(),
  data: z.unknown(),
  ret: z.number().nullable(),
  reply: z.unknown(),
  sent_at: z.string(),
  answered_at: z.string().nullable(),
});
export type DebugCommand = z.infer<typeof debugCommandSchema>;

/** A debug session (list row); `commands` is how many were sent. ended_at null while open. */
export const debugSessionSchema = z.object({
  id: z.number(),
  device_id: z.number().nullable(),
  gateway_id: z.string(),
  device_name: z.string().optional(),
  /** 位置: the box's address now (the session does not copy it). */
  address: z.string().optional(),
  customer_id: z.number(),
  operator: z.string(),
  ip: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  commands: z.number(),
});
export type DebugSession = z.infer<typeof debugSessionSchema>;

/** `GET /device/debug_session/{id}`: the session with its commands, oldest first. */
export const debugSessionDetailSchema = debugSessionSchema.extend({ command_list: z.array(debugCommandSchema) });
export type DebugSessionDetail = z.infer<typeof debugSessionDetailSchema>;

/**
 * What `POST /device/debug_session/{id}/send` and `POST /device/device/{id}/box_api` answer on success (ret 0):
 * the box's reply. Other rets are mapped to the API contract (409/410/403/400/404 as HTTP statuses, anything
 * else a business refusal); 设备不在线 / 设备无响应 are business refusals (code ≥ 300).
 */
export const boxReplySchema = z.object({ ret: z.number(), msg: z.unknown() });
export type BoxReplyBody = z.infer<typeof boxReplySchema>;

/** The debug send's answer: the command row stored (with its ret and reply). */
export const debugSendResultSchema = debugCommandSchema;

/** `POST /device/device/{id}/refresh`: what the box said in GET /api/info, as now stored, plus its collection config. */
export const deviceRefreshSchema = z.object({
  id: z.number(),
  gateway_id: z.string(),
  firmware_version: z.string(),
  fingerprint: z.string(),
  imei: z.string(),
  iccid: z.string(),
  config: z.unknown(),
  /** Names of the stored fields this refresh changed. */
  updated: z.array(z.string()),
});
export type DeviceRefresh = z.infer<typeof deviceRefreshSchema>;

/** `POST /device/device/{id}/box_login`: the box's own admin password; 410 when wrong. Grants ~30 min of box_api. */
export const boxLoginSchema = z.object({ password: z.string({ message: '请输入设备密码' }).min(1, '请输入设备密码').max(128) });
export type BoxLogin = z.infer<typeof boxLoginSchema>;
/** The answer of a successful box_login: until when box_api is granted (ISO). */
export const boxLoginResultSchema = z.object({ expires_at: z.string() });
export type BoxLoginResult = z.infer<typeof boxLoginResultSchema>;

/** `POST /device/device/{id}/box_api`: forwarded to the box only after a box_login; answers the box's msg. */
export const boxApiSchema = boxRequestSchema;
export type BoxApi = BoxRequest;

/**
 * 远程调试's audit: a session and its commands (logged under the session, its id is the record). The console has no
 * list of its own to carry it, so the operation log takes it from here.
 */
export const debugAudit = {
  title: '调试会话',
  labels: { id: 'ID', device_id: '网关设备', gateway_id: '设备ID', customer_id: '公司名称', operator_id: '操作人', operator: '操作人', ip: 'IP地址', started_at: '开始时间', ended_at: '结束时间', commands: '指令数' },
  audit: {
    table: 'debug_session',
    tables: {
      debug_command: {
        title: '调试指令',
        labels: { id: 'ID', session_id: '调试会话', method: '请求方式', url: '请求地址', data: '请求数据', ret: '返回码', reply: '设备回复', sent_at: '发送时间', answered_at: '回复时间' },
      },
    },
  },
} satisfies Pick<ResourceDescriptor, 'title' | 'labels' | 'audit'>;

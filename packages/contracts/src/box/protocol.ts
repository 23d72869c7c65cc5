import { z } from 'zod';
import { CNC_ALARM_TEXT_MAX } from './values.js';

/**
 * The box protocol: every topic is `<kind>/<gateway_id>/v1`. A box publishes `data` (telemetry),
 * `echo` (command replies), `state` (retained presence, also its last will), `traffic` (byte counters) and
 * `ota` (firmware progress); it subscribes only to its `control` topic.
 */
export const BOX_PUBLISH_KINDS = ['data', 'echo', 'state', 'traffic', 'ota'] as const;
export type BoxPublishKind = (typeof BOX_PUBLISH_KINDS)[number];
export type BoxTopicKind = BoxPublishKind | 'control';

export const boxTopic = (kind: BoxTopicKind, gatewayId: string) => `${kind}/${gatewayId}/v1`;

/** `{kind, gatewayId}` of a well-formed box topic, else null. */
export function parseBoxTopic(topic: string): { kind: BoxTopicKind; gatewayId: string } | null {
  const parts = topic.split('/');
  if (parts.length !== 3 || parts[2] !== 'v1' || !parts[1]) return null;
  const kind = parts[0] as BoxTopicKind;
  if (kind !== 'control' && !(BOX_PUBLISH_KINDS as readonly string[]).includes(kind)) return null;
  return { kind, gatewayId: parts[1] };
}

/** One value of a machine tool: `cnc_*` names; scalars, or arrays of alarms / axis positions. */
export const telemetryValueSchema = z.object({ name: z.string().min(1).max(64), value: z.unknown() });

/** One element of a `data/{gw}/v1` array: a machine tool (`device_id` = its code on that box) at `ts` (ms). */
export const telemetryItemSchema = z.object({
  device_id: z.string().min(1).max(64),
  ts: z.number().int().positive(),
  device_type: z.string().max(32).optional(),
  values: z.array(telemetryValueSchema).max(200),
});
export type TelemetryItem = z.infer<typeof telemetryItemSchema>;
export const telemetryMessageSchema = z.array(telemetryItemSchema).min(1).max(100);

/** One alarm in `cnc_alarm`, its texts within their limits (a longer one refuses the whole `cnc_alarm` value). */
export const cncAlarmSchema = z.object({
  alarm_no: z.union([z.string().max(CNC_ALARM_TEXT_MAX.alarm_no), z.number()]).transform(String),
  alarm_type: z.union([z.string().max(CNC_ALARM_TEXT_MAX.alarm_type), z.number()]).transform(String).optional(),
  alarm_msg: z.string().max(CNC_ALARM_TEXT_MAX.alarm_msg).optional(),
});
export type CncAlarm = z.infer<typeof cncAlarmSchema>;

/** A command to a box (`control/{gw}/v1`): its HTTP API carried over MQTT. */
export const boxCommandSchema = z.object({
  cmd_id: z.string().min(1),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
  url: z.string().min(1).max(512),
  data: z.unknown().optional(),
});
export type BoxCommand = z.infer<typeof boxCommandSchema>;

/** The box's reply (`echo/{gw}/v1`): ret 0 is success, otherwise an HTTP status (409, 410, 403, 400, 404). */
export const boxEchoSchema = z.object({ cmd_id: z.string().min(1), ret: z.number().int(), msg: z.unknown().optional() });
export type BoxEcho = z.infer<typeof boxEchoSchema>;

/** A box's id for one of its connections: drawn afresh at each connect, the same in its announce and its will. */
export const BOX_CONN_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Retained presence (`state/{gw}/v1`), and the same with online false as the last will. `conn` ties a will to
 * the announce of the connection it belongs to, so a late will of an older connection is told apart. `ts` is
 * informational only: a box's clock decides nothing (a will set at connect is older than the announce that
 * follows it, and a box without a real-time clock has none worth comparing), so any number, or none, is taken.
 * Other keys are ignored.
 */
export const boxStateSchema = z.object({
  online: z.boolean(),
  ts: z.number().optional(),
  conn: z.string().regex(BOX_CONN_PATTERN).optional(),
  version: z.string().max(64).optional(),
  fingerprint: z.string().max(128).optional(),
  /**
   * The box's WireGuard public key (44 characters of base64). Read on its own: a malformed key is ignored and
   * logged, and the state's other fields still count.
   */
  wg_public_key: z.unknown().optional(),
});
export type BoxState = z.infer<typeof boxStateSchema>;

/** Cumulative byte counters since the box's boot (`traffic/{gw}/v1`); a drop means the box restarted. */
export const boxTrafficSchema = z.object({ ts: z.number().int().positive(), rx: z.number().nonnegative(), tx: z.number().nonnegative() });
export type BoxTraffic = z.infer<typeof boxTrafficSchema>;

/**
 * The box's own HTTP API as the platform calls it over the command channel (the simulator answers these
 * like a box). `info` (GET) → BoxInfo; `login` (POST {password}) → 0 or 410; `license` (POST {license}
 * installs a certificate, DELETE removes it); `vpn` (POST BoxVpnConfig sets up
 * the tunnel, DELETE takes it down); `upgrade` (POST BoxUpgrade: fetch, verify and install a firmware).
 */
export const BOX_API = { info: '/api/info', login: '/api/login', license: '/api/license', config: '/api/config', vpn: '/api/vpn', upgrade: '/system/upgrade' } as const;

/** What `GET /api/info` answers: the box's version, identity and its collection config. */
export const boxInfoSchema = z.object({
  version: z.string().max(64),
  fingerprint: z.string().max(128),
  imei: z.string().max(32).default(''),
  iccid: z.string().max(32).default(''),
  config: z.unknown().optional(),
});
export type BoxInfo = z.infer<typeof boxInfoSchema>;

/** Default seconds the platform waits for a box's reply (设备无响应 after). */
export const BOX_COMMAND_TIMEOUT_SECONDS = 10;

import { z } from 'zod';
import { idFilterSchema, idSchema } from './api.js';
import { defineResource, type FilterOption } from './resource.js';
import { menuPath } from './menus.js';

/**
 * 远程会话 (/system/remote_session): while a session is active the hub lets exactly one engineer's client (调试代理)
 * reach one box's machine tools (all, or those chosen) and the box's own services, until it ends: by the clock,
 * by 结束, or when what allowed it no longer holds (the user, the box's company, its licence, the client).
 * A company that requires approval (客户管理: 远程访问需审批) sees sessions opened by anyone outside its tree wait
 * (待审批) until one of its own users approves or refuses them.
 */
export const REMOTE_SESSION_PATH = menuPath('remote-session');

export const REMOTE_SESSION_DEFAULT_MINUTES = 120;
export const REMOTE_SESSION_MIN_MINUTES = 5;
export const REMOTE_SESSION_MAX_MINUTES = 1440;
/** At most this many machine tools chosen in one session (a box has fewer). */
export const REMOTE_SESSION_MAX_MACHINES = 64;

const minutesMessage = `时长应在 ${REMOTE_SESSION_MIN_MINUTES}–${REMOTE_SESSION_MAX_MINUTES} 分钟之间`;

export const remoteSessionCreateSchema = z.object({
  client_id: idSchema,
  device_id: idSchema,
  /** The machine tools of the box it opens to; none: every one (the box's whole machine /24). */
  machine_ids: z
    .array(idSchema, { message: '机床应为机床编号的列表' })
    .max(REMOTE_SESSION_MAX_MACHINES, `最多选择 ${REMOTE_SESSION_MAX_MACHINES} 台机床`)
    .refine((ids) => new Set(ids).size === ids.length, '机床重复')
    .optional(),
  minutes: z
    .number({ message: minutesMessage })
    .int(minutesMessage)
    .min(REMOTE_SESSION_MIN_MINUTES, minutesMessage)
    .max(REMOTE_SESSION_MAX_MINUTES, minutesMessage)
    .default(REMOTE_SESSION_DEFAULT_MINUTES),
});
export type RemoteSessionCreate = z.infer<typeof remoteSessionCreateSchema>;

export const REMOTE_SESSION_STATES = ['pending', 'active', 'rejected', 'ended'] as const;
export type RemoteSessionState = (typeof REMOTE_SESSION_STATES)[number];
export const REMOTE_SESSION_STATE_TITLES: Record<RemoteSessionState, string> = {
  pending: '待审批',
  active: '进行中',
  rejected: '已拒绝',
  ended: '已结束',
};

export const REMOTE_SESSION_END_REASONS = ['expired', 'closed', 'rejected', 'user_disabled', 'box_moved', 'box_scrapped', 'unlicensed', 'client_deleted'] as const;
export type RemoteSessionEndReason = (typeof REMOTE_SESSION_END_REASONS)[number];
export const REMOTE_SESSION_END_REASON_TITLES: Record<RemoteSessionEndReason, string> = {
  expired: '已到期',
  closed: '手动结束',
  rejected: '审批拒绝',
  user_disabled: '用户已停用',
  box_moved: '设备已转移',
  box_scrapped: '设备已报废',
  unlicensed: '授权已撤销',
  client_deleted: '客户端已删除',
};

/** What 机床 says of a session opened to the whole box. */
export const REMOTE_SESSION_ALL_MACHINES = '全部机床';

export const remoteSessionSchema = z.object({
  id: z.number(),
  status: z.enum(REMOTE_SESSION_STATES),
  /** null once the client was deleted (the session keeps its name and address). */
  client_id: z.number().nullable(),
  client_name: z.string(),
  client_address: z.string(),
  user_id: z.number(),
  username: z.string(),
  device_id: z.number(),
  gateway_id: z.string(),
  device_name: z.string(),
  /** The box's company when the session was opened. */
  customer_id: z.number(),
  company_name: z.string(),
  machine_ids: z.array(z.number()),
  /** The chosen machine tools' names joined by '、', REMOTE_SESSION_ALL_MACHINES when none was chosen. */
  machines: z.string(),
  /** What the hub lets through: '10.100.1.0/24', '10.100.1.7', '10.8.0.2:80,443'. */
  targets: z.array(z.string()),
  minutes: z.number(),
  needs_approval: z.boolean(),
  requested_at: z.string(),
  approved_at: z.string().nullable(),
  /** Who approved or refused it ('' before). */
  approved_by: z.string(),
  started_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Who ended it; '' when the platform did (expiry, a condition no longer holding). */
  ended_by: z.string(),
  end_reason: z.enum(REMOTE_SESSION_END_REASONS).nullable(),
  /** The client's hub counters since the session started. */
  rx_bytes: z.number(),
  tx_bytes: z.number(),
  latest_handshake: z.string().nullable(),
});
export type RemoteSession = z.infer<typeof remoteSessionSchema>;

const options = <K extends string>(titles: Record<K, string>): FilterOption[] => Object.entries<string>(titles).map(([value, label]) => ({ label, value }));

export const remoteSessionResource = defineResource({
  path: REMOTE_SESSION_PATH,
  title: '远程会话',
  audit: { table: 'remote_session' },
  item: remoteSessionSchema,
  create: remoteSessionCreateSchema,
  // a session is never edited nor deleted: it ends, and its record stays for the audit
  deletable: false,
  labels: {
    id: 'ID',
    status: '状态',
    client_id: '调试代理',
    client_name: '调试代理',
    client_address: '客户端地址',
    user_id: '用户',
    username: '用户',
    device_id: '网关设备',
    gateway_id: '设备ID',
    device_name: '设备名称',
    customer_id: '所属公司',
    company_name: '所属公司',
    machine_ids: '机床',
    machines: '机床',
    targets: '访问范围',
    minutes: '时长(分钟)',
    needs_approval: '需审批',
    requested_at: '申请时间',
    approved_at: '审批时间',
    approved_by: '审批人',
    started_at: '开始时间',
    expires_at: '到期时间',
    ended_at: '结束时间',
    ended_by: '结束人',
    end_reason: '结束原因',
    rx_bytes: '接收',
    tx_bytes: '发送',
    latest_handshake: '最近握手',
  },
  sortable: ['id', 'requested_at', 'expires_at'],
  defaultSort: '-id',
  dateField: 'requested_at',
  keywordsHint: '设备ID、设备名称、用户、调试代理',
  filters: {
    status: { label: '状态', schema: z.enum(REMOTE_SESSION_STATES), input: { type: 'select', options: options(REMOTE_SESSION_STATE_TITLES) } },
    customer_id: { label: '所属公司', schema: idFilterSchema, op: 'subtree', input: { type: 'company' } },
    device_id: { label: '网关设备', schema: idFilterSchema, hidden: true },
    client_id: { label: '调试代理', schema: idFilterSchema, hidden: true },
    user_id: { label: '用户', schema: idFilterSchema, hidden: true },
  },
  exportable: true,
  list: {
    key: 'gateway_id',
    card: ['status', 'username', 'machines', 'expires_at'],
    hidden: ['id', 'client_address', 'targets', 'needs_approval', 'approved_at', 'latest_handshake', 'minutes'],
    empty: '还没有远程会话,在网关设备或机床的行上点 远程访问 发起一个',
  },
  actions: {
    close: { title: '结束', permission: 'edit', target: 'row', confirm: '结束后该客户端立即无法访问设备,确定结束?' },
    approve: { title: '审批通过', permission: 'approve', target: 'row' },
    reject: { title: '拒绝', permission: 'approve', target: 'row' },
  },
});

import { z } from 'zod';
import { adminUserResource } from './admin-user.js';
import { booleanParamSchema, idFilterSchema } from './api.js';
import { configResource } from './config-admin.js';
import { flashBatchResource, rolloutResource, versionResource } from './firmware/index.js';
import { customerResource } from './customer.js';
import { deviceResource } from './fleet/device.js';
import { deviceTagResource } from './fleet/device-tag.js';
import { goodsResource } from './fleet/goods.js';
import { machineToolResource } from './fleet/machine-tool.js';
import { buyOrderResource, sellOrderResource } from './fleet/order.js';
import { licenseResource } from './license.js';
import { shortUrlResource } from './short-url.js';
import { mpReplyResource } from './wechat/mp-reply.js';
import { own } from './own.js';
import { defineResource, yesNoOptions } from './resource.js';
import { roleResource } from './role-admin.js';

// the filter schemas moved to api.js (the admin-user descriptor needs them, and this file imports that one)
export { booleanParamSchema, idFilterSchema } from './api.js';

/**
 * Chinese labels of every audited column, by table: the 注释 column of the operation log's change table. A
 * resource's own labels, plus the columns only the audit shows (a password's hash).
 */
export const FIELD_LABELS: Record<string, Record<string, string>> = {
  customer: customerResource.labels,
  admin_user: { ...adminUserResource.labels, password_hash: adminUserResource.labels.password },
  role: roleResource.labels,
  config: configResource.labels,
  dict_item: { id: 'ID', category: '字典分类', value: '值', title: '名称', code: '编码', sort: '排序' },
  goods: goodsResource.labels,
  device: { ...deviceResource.labels, secret_hash: '设备密钥', machine_net: '机床网段' },
  device_tag: deviceTagResource.labels,
  machine_tool: { ...machineToolResource.labels, device_id: '网关设备' },
  device_tag_link: { device_id: '网关设备', tag_id: '标签' },
  license: licenseResource.labels,
  buy_order: buyOrderResource.labels,
  sell_order: sellOrderResource.labels,
  buy_order_line: { ...buyOrderResource.lines!.labels, order_id: '进货单' },
  sell_order_line: { ...sellOrderResource.lines!.labels, order_id: '出货单' },
  debug_session: { id: 'ID', device_id: '网关设备', gateway_id: '设备ID', customer_id: '公司名称', operator_id: '操作人', operator: '操作人', ip: 'IP地址', started_at: '开始时间', ended_at: '结束时间', commands: '指令数' },
  debug_command: { id: 'ID', session_id: '调试会话', method: '请求方式', url: '请求地址', data: '请求数据', ret: '返回码', reply: '设备回复', sent_at: '发送时间', answered_at: '回复时间' },
  machine_plan: { machine_tool_id: '机床', shifts: '班次', ideal_cycle_s: '理想节拍(秒)', updated_at: '更新时间' },
  machine_scrap: { machine_tool_id: '机床', day: '日期', shift: '班次', count: '报废数', updated_at: '更新时间' },
  traffic_plan: { id: 'ID', name: '套餐名称', monthly_mb: '每月流量(MB)', is_default: '默认套餐', remark: '备注', created_at: '创建时间', updated_at: '更新时间' },
  traffic_plan_box: { device_id: '网关设备', plan_id: '流量套餐' },
  firmware_version: { id: 'ID', ...versionResource.labels, created_by: '创建人' },
  rollout: { id: 'ID', ...rolloutResource.labels, created_by: '创建人' },
  flash_batch: { id: 'ID', ...flashBatchResource.labels, created_by: '创建人' },
  mp_reply: { id: 'ID', ...mpReplyResource.labels },
  short_url: { id: 'ID', ...shortUrlResource.labels, created_by: '创建人' },
};

/** Titles of the audited tables, for the log's table filter. */
export const TABLE_TITLES: Record<string, string> = {
  customer: customerResource.title,
  admin_user: adminUserResource.title,
  role: roleResource.title,
  config: '通用配置',
  dict_item: '字典项',
  goods: goodsResource.title,
  device: deviceResource.title,
  device_tag: deviceTagResource.title,
  machine_tool: machineToolResource.title,
  // a box's tags: logged under the box (its id is the record), one row per tag added or removed
  device_tag_link: '设备的标签',
  license: licenseResource.title,
  buy_order: buyOrderResource.title,
  sell_order: sellOrderResource.title,
  // an order's lines: logged under the order (its id is the record)
  buy_order_line: '进货单明细',
  sell_order_line: '出货单明细',
  debug_session: '调试会话',
  // a session's commands: logged under the session (its id is the record)
  debug_command: '调试指令',
  // OEE's plan and scrap of a machine tool: logged under the machine tool (its id is the record)
  machine_plan: 'OEE 计划',
  machine_scrap: '报废记录',
  traffic_plan: '流量套餐',
  // a box's SIM plan: logged under the box (its id is the record)
  traffic_plan_box: '设备的流量套餐',
  firmware_version: versionResource.title,
  rollout: rolloutResource.title,
  flash_batch: flashBatchResource.title,
  mp_reply: mpReplyResource.title,
  short_url: shortUrlResource.title,
};

/** The label of one column of an audited table; '' for a column the catalogue does not know. */
export const fieldComment = (table: string, key: string): string => {
  const labels = own(FIELD_LABELS, table);
  return (labels && own(labels, key)) ?? '';
};

/** The title of an audited table, or its own name for a table the catalogue does not know. */
export const tableTitle = (table: string): string => own(TABLE_TITLES, table) ?? table;

export const logChangeSchema = z.object({ key: z.string(), comment: z.string(), before: z.unknown(), after: z.unknown() });
export type LogChange = z.infer<typeof logChangeSchema>;

export const logActionParamSchema = z.coerce.number().int().min(1).max(3);

/** 操作日志: who changed which row of which table, and each changed field before and after. */
export const operationLogSchema = z.object({
  id: z.number(),
  /** 1 增加, 2 删除, 3 修改 (LOG_ACTION). */
  action: z.number(),
  table_name: z.string(),
  table_title: z.string(),
  record_id: z.string(),
  user_id: z.number().nullable(),
  username: z.string(),
  customer_id: z.number().nullable(),
  ip: z.string(),
  changes: z.array(logChangeSchema),
  created_at: z.string(),
});
export type OperationLog = z.infer<typeof operationLogSchema>;

/** Why a login attempt ended as it did. */
export const LOGIN_REASON_TITLES: Record<string, string> = {
  ok: '登录成功',
  password: '密码错误',
  captcha: '验证码错误',
  locked: '账号已锁定',
  disabled: '账号已禁用',
};

export const loginLogSchema = z.object({
  id: z.number(),
  customer_id: z.number().nullable(),
  company_name: z.string().nullable(),
  user_id: z.number().nullable(),
  username: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  success: z.boolean(),
  reason: z.string(),
  created_at: z.string(),
});
export type LoginLog = z.infer<typeof loginLogSchema>;

/** 1 增加, 2 删除, 3 修改 (LOG_ACTION), as the filter, the list and the sheet spell them. */
export const LOG_ACTION_OPTIONS = [
  { label: '增加', value: 1 },
  { label: '删除', value: 2 },
  { label: '修改', value: 3 },
] as const;

/** 操作日志 (/system/log): read-only, written by the audit trigger; a customer sees its own subtree's changes. */
export const operationLogResource = defineResource({
  path: '/system/log',
  title: '操作日志',
  item: operationLogSchema,
  labels: {
    id: 'ID',
    action: '操作',
    table_name: '数据表',
    table_title: '数据表',
    record_id: '记录 ID',
    user_id: '操作人 ID',
    username: '操作人',
    customer_id: '公司',
    ip: 'IP',
    changes: '变更内容',
    created_at: '时间',
  },
  sortable: ['id', 'created_at'],
  defaultSort: '-created_at',
  dateField: 'created_at',
  keywordsHint: '操作人、记录 ID、IP',
  filters: {
    action: { label: '操作', schema: logActionParamSchema, input: { type: 'select', options: LOG_ACTION_OPTIONS } },
    user_id: { label: '操作人 ID', schema: idFilterSchema, hidden: true },
    username: { label: '操作人', schema: z.string().trim().max(64), op: 'ilike' },
    table_name: {
      label: '数据表',
      schema: z.string().trim().max(64),
      input: { type: 'select', options: Object.entries(TABLE_TITLES).map(([value, label]) => ({ label, value })) },
    },
  },
  exportable: true,
});

export const LOGIN_RESULT_OPTIONS = yesNoOptions('成功', '失败');

/** 登录日志 (/system/login_log): every login attempt, read-only; a customer sees its own subtree's attempts. */
export const loginLogResource = defineResource({
  path: '/system/login_log',
  title: '登录日志',
  item: loginLogSchema,
  labels: {
    id: 'ID',
    customer_id: '公司',
    company_name: '公司',
    user_id: '用户 ID',
    username: '用户',
    ip: 'IP',
    user_agent: '浏览器 (User-Agent)',
    success: '结果',
    reason: '原因',
    created_at: '时间',
  },
  sortable: ['id', 'created_at', 'username'],
  defaultSort: '-created_at',
  dateField: 'created_at',
  keywordsHint: '用户、IP',
  filters: {
    success: { label: '结果', schema: booleanParamSchema, input: { type: 'select', options: LOGIN_RESULT_OPTIONS } },
    username: { label: '用户', schema: z.string().trim().max(64), op: 'ilike' },
  },
  exportable: true,
});

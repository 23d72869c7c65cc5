import { z } from 'zod';
import { idSchema } from '../api.js';
import { addressSchema } from '../customer.js';
import { booleanParamSchema, idFilterSchema } from '../api.js';
import { defineResource } from '../resource.js';
import { DEVICE_STATES, DEVICE_STATE_TITLES, type DeviceState } from './states.js';
import { menuPath } from '../menus.js';
import { TAG_OPTIONS_URL } from './tag.js';
import { TUNNEL_STATES } from '../box/vpn.js';

export const DEVICE_PATH = menuPath('device');

export const gatewayIdSchema = z
  .string()
  .trim()
  .min(1, '请输入设备ID')
  .max(64, '设备ID最长 64 个字符')
  .regex(/^[A-Za-z0-9_-]+$/, '设备ID只能包含字母、数字、- 和 _');

const tagIdsSchema = z.array(idSchema).max(50, '一台设备最多 50 个标签');

/** What a customer's own users may change of their boxes; everything else of a box is the vendor's. */
export const DEVICE_CUSTOMER_FIELDS = ['name', 'address', 'area_id', 'remark', 'tag_ids'] as const;

const deviceFields = {
  gateway_id: gatewayIdSchema,
  name: z.string().trim().max(100).optional(),
  goods_id: idSchema.nullable().optional(),
  fingerprint: z.string().trim().max(128).optional(),
  firmware_version: z.string().trim().max(64).optional(),
  imei: z
    .string()
    .trim()
    .regex(/^\d{0,17}$/, 'IMEI 应为 15–17 位数字')
    .optional(),
  iccid: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{0,22}$/, 'ICCID 应为 19–22 位数字或字母')
    .optional(),
  address: addressSchema.optional(),
  area_id: z.number().int().nonnegative().max(2_147_483_647).optional(),
  remark: z.string().trim().max(500).optional(),
  tag_ids: tagIdsSchema.optional(),
};

/** A new box: in stock, owned by the vendor; its secret is generated and answered once. */
export const deviceCreateSchema = z.object(deviceFields);
export const deviceUpdateSchema = z
  .object(deviceFields)
  .partial()
  .extend({ state: z.enum(DEVICE_STATES).optional() });
export type DeviceUpdate = z.infer<typeof deviceUpdateSchema>;

export const tagRefSchema = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type TagRef = z.infer<typeof tagRefSchema>;

export const deviceSchema = z.object({
  id: z.number(),
  gateway_id: z.string(),
  name: z.string(),
  customer_id: z.number(),
  company_name: z.string().nullable(),
  goods_id: z.number().nullable(),
  goods_name: z.string().nullable(),
  fingerprint: z.string(),
  vpn_ip: z.string().nullable(),
  machine_net: z.string().nullable(),
  firmware_version: z.string(),
  imei: z.string(),
  iccid: z.string(),
  address: z.string(),
  area_id: z.number(),
  tags: z.array(tagRefSchema),
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  state: z.enum(DEVICE_STATES),
  /**
   * 授权许可, from the box's licences: `licensed` 已授权 (one not revoked is in force now), `expired` 已过期 (only
   * expired ones left), `none` 未授权 (none, none yet in force, or all revoked).
   */
  license_state: z.enum(['licensed', 'expired', 'none']),
  /** 隧道: where the box's remote-access tunnel stands (TUNNEL_STATE_TITLES). */
  tunnel_state: z.enum(TUNNEL_STATES),
  machine_count: z.number(),
  /**
   * The last telemetry the platform refused (数据格式错误): when, why (a Chinese sentence: 数据格式错误, 消息过大,
   * 数值超出范围, 文本过长 or 嵌套过深, then the detail) and the message's first bytes, control characters shown as
   * symbols. rejected_at is null while the box has sent nothing refused.
   */
  rejected_at: z.string().nullable(),
  rejected_reason: z.string(),
  rejected_head: z.string(),
  remark: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The box's MQTT password: only in the answer of its create, once; it is stored only as a keyed hash. */
  secret: z.string().optional(),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceAssignSchema = z.object({ customer_id: idSchema });
export const deviceTaggingSchema = z.object({ tag_ids: z.array(idSchema).min(1, '请选择标签').max(50), mode: z.enum(['add', 'remove']) });
export const deviceSecretSchema = z.object({ secret: z.string() });
/** 退货, 维修, 维修完成, 报废: why, for the ledger. */
export const deviceMoveSchema = z.object({ remark: z.string().trim().max(200, '备注最长 200 个字符').default('') });

/** One row of 设备统计信息 on the home page. */
export const deviceStatsRowSchema = z.object({
  goods_id: z.number().nullable(),
  goods_name: z.string(),
  total: z.number(),
  online: z.number(),
  offline: z.number(),
});
export type DeviceStatsRow = z.infer<typeof deviceStatsRowSchema>;

const stateOptions = DEVICE_STATES.map((s: DeviceState) => ({ label: DEVICE_STATE_TITLES[s], value: s }));

export const deviceResource = defineResource({
  path: DEVICE_PATH,
  title: '网关设备',
  audit: {
    table: 'device',
    labels: { secret_hash: '设备密钥', machine_net: '机床网段', wg_public_key: 'WireGuard 公钥', wg_refused_key: '被拒绝的 WireGuard 公钥' },
    tables: {
      // a box's tags and its SIM plan: logged under the box (its id is the record), one row per change
      device_tag_link: { title: '设备的标签', labels: { device_id: '网关设备', tag_id: '标签' } },
      traffic_plan_box: { title: '设备的流量套餐', labels: { device_id: '网关设备', plan_id: '流量套餐' } },
    },
  },
  item: deviceSchema,
  create: deviceCreateSchema,
  update: deviceUpdateSchema,
  labels: {
    id: '序号',
    gateway_id: '设备ID',
    company_name: '公司名称',
    customer_id: '公司名称',
    name: '设备名称',
    fingerprint: '设备指纹',
    vpn_ip: 'IP地址',
    updated_at: '更新时间',
    license_state: '授权许可',
    tunnel_state: '隧道',
    online: '是否在线',
    goods_id: '设备类型',
    goods_name: '设备类型',
    tags: '标签',
    tag_ids: '标签',
    firmware_version: '固件版本',
    last_seen_at: '最后在线',
    state: '库存状态',
    imei: 'IMEI',
    iccid: 'ICCID',
    address: '地址',
    area_id: '地区',
    remark: '备注',
    machine_count: '机床数',
    rejected_at: '拒收时间',
    rejected_reason: '拒收原因',
    rejected_head: '消息开头',
    created_at: '创建时间',
  },
  sortable: ['id', 'gateway_id', 'name', 'updated_at', 'last_seen_at', 'created_at'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '设备ID/名称/指纹/IP',
  filters: {
    customer_id: { label: '公司', schema: idFilterSchema, op: 'subtree', input: { type: 'company' } },
    goods_id: { label: '设备类型', schema: idFilterSchema, input: { type: 'remote', url: '/manager/goods', labelField: 'name' } },
    tag_id: { label: '标签', schema: idFilterSchema, op: 'has', input: { type: 'remote', url: TAG_OPTIONS_URL, labelField: 'name' } },
    online: {
      label: '是否在线',
      schema: booleanParamSchema,
      input: { type: 'select', options: [{ label: '在线', value: 'true' }, { label: '离线', value: 'false' }] },
    },
    state: { label: '库存状态', schema: z.enum(DEVICE_STATES), input: { type: 'select', options: stateOptions } },
    area_id: { label: '地区', schema: idFilterSchema, input: { type: 'area' } },
  },
  exportable: true,
  // people open the list for a box's state: its id, then whether it is online, licensed and where it stands in stock
  list: {
    key: 'gateway_id',
    card: ['name', 'company_name', 'online', 'license_state', 'state'],
    hidden: ['id', 'fingerprint', 'vpn_ip', 'updated_at', 'last_seen_at'],
    empty: '还没有网关设备,新增后在这里查看它们的在线、授权与库存状态',
  },
  actions: {
    assign: { title: '分配客户', permission: 'assign', target: 'bulk', body: deviceAssignSchema },
    tag: { title: '打标签', permission: 'tag', target: 'bulk', body: deviceTaggingSchema },
    secret: {
      title: '重置密钥',
      permission: 'secret',
      target: 'row',
      confirm: '重置后旧密钥立即失效,设备需使用新密钥重新连接;已绑定的 WireGuard 公钥同时清除,设备下次上线时绑定它上报的公钥。确定重置?',
    },
    // stock movements of the vendor's (each writes its ledger row): a shipped box comes back to stock, goes to
    // repair and back, or is scrapped
    return: { title: '退货', permission: 'assign', target: 'bulk', body: deviceMoveSchema },
    repair: { title: '维修', permission: 'assign', target: 'bulk', body: deviceMoveSchema },
    repaired: { title: '维修完成', permission: 'assign', target: 'bulk', body: deviceMoveSchema },
    scrap: { title: '报废', permission: 'assign', target: 'bulk', body: deviceMoveSchema },
  },
});

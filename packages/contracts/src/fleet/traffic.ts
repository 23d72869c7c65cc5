import { z } from 'zod';
import { idFilterSchema, idSchema } from '../api.js';
import { defineResource } from '../resource.js';
import { chinaDateSchema } from './machine-history.js';
import { menuPath } from '../menus.js';

/** 设备流量: bytes each box sent (up) and received (down) per China-time day, from the counters it reports. */
export const TRAFFIC_PATH = menuPath('traffic');
/** SIM plans (流量套餐), managed under 设备流量's permissions. */
export const TRAFFIC_PLAN_PATH = `${TRAFFIC_PATH}/plan`;
export const TRAFFIC_CUSTOMERS_PATH = `${TRAFFIC_PATH}/customers`;
export const trafficDailyPath = (deviceId: number | ':id') => `${TRAFFIC_PATH}/${deviceId}/daily`;

/** A plan's allowance is in MB of 1024 × 1024 bytes, as carriers count it. */
export const MB_BYTES = 1024 * 1024;
/** The longest range one box's daily chart covers. */
export const TRAFFIC_MAX_DAYS = 366;

/** A calendar month, `2026-05`. */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');

/**
 * One box's traffic in a month (GET /device/traffic): `over` when its plan (its own, else the default plan) is
 * exceeded, `ratio` the total as a fraction of the plan (1.25 = 125 %); both null-ish without a plan.
 */
export const trafficBoxSchema = z.object({
  device_id: z.number(),
  gateway_id: z.string(),
  name: z.string(),
  customer_id: z.number(),
  customer_name: z.string().nullable(),
  up_bytes: z.number(),
  down_bytes: z.number(),
  total_bytes: z.number(),
  plan_id: z.number().nullable(),
  plan_name: z.string().nullable(),
  plan_mb: z.number().nullable(),
  over: z.boolean(),
  ratio: z.number().nullable(),
});
export type TrafficBox = z.infer<typeof trafficBoxSchema>;

/**
 * The boxes of the caller's scope with their traffic in `month` (default: this month, China time), most first:
 * the first page with `limit` N is the top N. `over=yes` keeps the boxes over their plan. Exported as a job.
 */
export const trafficBoxResource = defineResource({
  path: TRAFFIC_PATH,
  title: '设备流量',
  item: trafficBoxSchema,
  labels: {
    gateway_id: '网关ID',
    name: '设备名称',
    customer_id: '所属公司',
    customer_name: '所属公司',
    up_bytes: '上行',
    down_bytes: '下行',
    total_bytes: '合计',
    plan_name: '套餐',
    plan_mb: '套餐流量(MB)',
    ratio: '套餐用量',
    over: '超额',
    month: '月份',
  },
  sortable: ['total_bytes', 'up_bytes', 'down_bytes'],
  defaultSort: '-total_bytes',
  keywordsHint: '网关ID或设备名称',
  filters: {
    month: { label: '月份', schema: monthSchema, hidden: true },
    customer_id: { label: '所属公司', schema: idFilterSchema, op: 'subtree', input: { type: 'company' } },
    over: { label: '仅看超额', schema: z.enum(['yes']), hidden: true },
  },
  exportable: true,
  actions: {
    set_plan: { title: '设置套餐', permission: 'edit', target: 'bulk', body: z.object({ plan_id: idSchema.nullable() }) },
  },
});

/** `GET /device/traffic/customers`: each company's boxes added up in `month`, most first, the first `limit`. */
export const trafficCustomerQuerySchema = z.object({
  month: monthSchema.optional(),
  customer_id: idFilterSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type TrafficCustomerQuery = z.infer<typeof trafficCustomerQuerySchema>;

export const trafficCustomerSchema = z.object({
  customer_id: z.number(),
  customer_name: z.string(),
  box_count: z.number(),
  up_bytes: z.number(),
  down_bytes: z.number(),
  total_bytes: z.number(),
});
export type TrafficCustomer = z.infer<typeof trafficCustomerSchema>;

/** `GET /device/traffic/{device_id}/daily`: days from `start` to `end` (default the 30 days to today), at most 366. */
export const trafficDailyQuerySchema = z.object({ start: chinaDateSchema.optional(), end: chinaDateSchema.optional() });
export type TrafficDailyQuery = z.infer<typeof trafficDailyQuerySchema>;

export const trafficDaySchema = z.object({ day: z.string(), up_bytes: z.number(), down_bytes: z.number() });
export type TrafficDay = z.infer<typeof trafficDaySchema>;

/** One row per day of the range, days without traffic 0, and the range's totals. */
export const trafficDailySchema = z.object({
  device_id: z.number(),
  gateway_id: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  days: z.array(trafficDaySchema),
  up_bytes: z.number(),
  down_bytes: z.number(),
});
export type TrafficDaily = z.infer<typeof trafficDailySchema>;

const planFields = {
  name: z.string().trim().min(1, '请输入套餐名称').max(50, '套餐名称最长 50 个字符'),
  monthly_mb: z.number().int('每月流量应为整数 MB').positive('每月流量应大于 0').max(100_000_000, '每月流量过大'),
  /** The plan of every box that has none of its own; one plan at most. */
  is_default: z.boolean().optional(),
  remark: z.string().trim().max(500).optional(),
};
export const trafficPlanCreateSchema = z.object(planFields);
export const trafficPlanUpdateSchema = z.object(planFields).partial();

export const trafficPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  monthly_mb: z.number(),
  is_default: z.boolean(),
  remark: z.string(),
  box_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TrafficPlan = z.infer<typeof trafficPlanSchema>;

/** 流量套餐: the vendor's SIM plans; `box_count` counts the boxes set to a plan (the default covers the rest). */
export const trafficPlanResource = defineResource({
  path: TRAFFIC_PLAN_PATH,
  menu: TRAFFIC_PATH,
  title: '流量套餐',
  audit: { table: 'traffic_plan', labels: { id: 'ID', updated_at: '更新时间' } },
  item: trafficPlanSchema,
  create: trafficPlanCreateSchema,
  update: trafficPlanUpdateSchema,
  labels: { name: '套餐名称', monthly_mb: '每月流量(MB)', is_default: '默认套餐', remark: '备注', box_count: '指定设备数', created_at: '创建时间' },
  sortable: ['id', 'name', 'monthly_mb'],
  defaultSort: 'monthly_mb',
  keywordsHint: '套餐名称',
});

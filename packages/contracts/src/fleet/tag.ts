import { z } from 'zod';
import { idSchema } from '../api.js';
import { idFilterSchema } from '../api.js';
import { defineResource } from '../resource.js';
import { menuPath } from '../menus.js';

export const TAG_PATH = menuPath('tag');
/**
 * The tags of the caller's scope as a picker lists them (`[{id, name, color}]`, searched by name): read by whoever
 * may query tags or boxes, since 网关设备 filters and tags its boxes by them.
 */
export const TAG_OPTIONS_URL = `${TAG_PATH}/options`;

const tagFields = {
  name: z.string().trim().min(1, '请输入标签名称').max(32),
  /** An antd preset colour name or #rrggbb. */
  color: z
    .string()
    .trim()
    .regex(/^(#[0-9a-fA-F]{6}|[a-z]{3,12})$/, '颜色应为预设颜色名或 #RRGGBB')
    .optional(),
  /** The owner company; a customer's user always owns its tags through its own company. */
  customer_id: idSchema.optional(),
};

export const deviceTagCreateSchema = z.object(tagFields);
export const deviceTagUpdateSchema = z.object(tagFields).partial();

export const deviceTagSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  customer_id: z.number(),
  company_name: z.string().nullable(),
  device_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DeviceTag = z.infer<typeof deviceTagSchema>;

export const deviceTagResource = defineResource({
  path: TAG_PATH,
  title: '标签',
  list: { empty: '还没有标签,新增后可以给设备打标签、按标签筛选' },
  audit: { table: 'device_tag' },
  item: deviceTagSchema,
  create: deviceTagCreateSchema,
  update: deviceTagUpdateSchema,
  labels: { name: '标签名称', color: '颜色', customer_id: '所属公司', company_name: '所属公司', device_count: '设备数', created_at: '创建时间' },
  sortable: ['id', 'name', 'created_at'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '标签名称',
  filters: { customer_id: { label: '所属公司', schema: idFilterSchema, op: 'subtree', input: { type: 'company' } } },
});

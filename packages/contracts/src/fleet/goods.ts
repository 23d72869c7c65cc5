import { z } from 'zod';
import { booleanParamSchema } from '../api.js';
import { defineResource } from '../resource.js';
import { menuPath } from '../menus.js';

export const GOODS_PATH = menuPath('goods');
/**
 * The device types as a picker lists them (`[{id, name, code, price}]`, searched by name or code, `enabled` to
 * keep those in use): read by every menu whose form picks a type, not only by 设备类型's own users.
 */
export const GOODS_OPTIONS_URL = `${GOODS_PATH}/options`;
export const GOODS_PICKERS: readonly string[] = [
  GOODS_PATH,
  menuPath('device'),
  menuPath('order', 'BuyOrderPage'),
  menuPath('order', 'SellOrderPage'),
  menuPath('flasher'),
  menuPath('firmware'),
];
export const goodsOptionSchema = z.object({ id: z.number(), name: z.string(), code: z.string(), price: z.string() });

/** 元 with at most two decimals, kept as the exact decimal string (never a float on the way to the database). */
export const priceSchema = z
  .union([z.number(), z.string().trim()])
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v), '价格应为非负数,最多两位小数');

const goodsFields = {
  name: z.string().trim().min(1, '请输入名称').max(100),
  code: z
    .string()
    .trim()
    .min(1, '请输入编码')
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/, '编码只能包含字母、数字和 _ . -'),
  spec: z.string().trim().max(200).optional(),
  price: priceSchema.optional(),
  image: z.string().trim().max(500).optional(),
  description: z.string().trim().max(2000).optional(),
  enabled: z.boolean().optional(),
};

export const goodsCreateSchema = z.object(goodsFields);
export const goodsUpdateSchema = z.object(goodsFields).partial();

export const goodsSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  spec: z.string(),
  /** '1280.00' */
  price: z.string(),
  image: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** Counted from the boxes of this type: in stock (在库), shipped (已出货), all of them. */
  in_stock: z.number(),
  shipped: z.number(),
  total: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Goods = z.infer<typeof goodsSchema>;

export const goodsResource = defineResource({
  path: GOODS_PATH,
  title: '设备类型',
  list: { empty: '还没有设备类型,新增型号后进货单和设备都按它归类' },
  audit: { table: 'goods' },
  item: goodsSchema,
  create: goodsCreateSchema,
  update: goodsUpdateSchema,
  labels: {
    name: '名称',
    code: '编码',
    spec: '规格',
    price: '价格 (元)',
    image: '图片',
    description: '描述',
    enabled: '状态',
    in_stock: '在库',
    shipped: '已出货',
    total: '总数',
    created_at: '创建时间',
  },
  sortable: ['id', 'name', 'code', 'price', 'created_at'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '名称/编码/规格',
  filters: {
    enabled: {
      label: '状态',
      schema: booleanParamSchema,
      input: { type: 'select', options: [{ label: '启用', value: 'true' }, { label: '停用', value: 'false' }] },
    },
  },
  exportable: true,
  importable: true,
});

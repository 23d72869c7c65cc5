import { z } from 'zod';
import { idFilterSchema, idSchema } from '../api.js';
import { type ResourceDescriptor, defineResource } from '../resource.js';
import { gatewayIdSchema } from './device.js';
import { priceSchema } from './goods.js';
import { menuPath } from '../menus.js';

/** 进货管理 and 出货管理: their pages, APIs and menus. */
export const BUY_ORDER_PATH = menuPath('order', 'BuyOrderPage');
export const SELL_ORDER_PATH = menuPath('order', 'SellOrderPage');
/** The companies of the caller's scope a sale may go to (`[{id, company_name}]`, by name), for 出货's own users. */
export const SELL_ORDER_COMPANIES_URL = `${SELL_ORDER_PATH}/companies`;

/** An order is drafted, then confirmed (the boxes move, in one transaction) or cancelled; both are final. */
export const ORDER_STATUSES = ['draft', 'confirmed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_TITLES: Record<OrderStatus, string> = {
  draft: '草稿',
  confirmed: '已确认',
  cancelled: '已取消',
};

/** The prefix of a generated order number, followed by the date (YYYYMMDD) and a three-digit sequence of that day. */
export const ORDER_NO_PREFIX = { buy: 'JH', sell: 'CH' } as const;

/** Most lines one order holds, and most serials one line holds — and one order holds in all. */
export const ORDER_MAX_LINES = 100;
export const ORDER_MAX_SERIALS = 5_000;

/** A box's serial as received or shipped: it becomes (buy) or names (sell) the box's 设备ID. */
export const serialSchema = gatewayIdSchema;

const orderNoSchema = z
  .string()
  .trim()
  .max(32, '单号最长 32 个字符')
  .regex(/^[A-Za-z0-9_-]*$/, '单号只能包含字母、数字、- 和 _');

/** One line as written: a device type, how many, at what price (元, exact), and the serials of those boxes. */
export const orderLineWriteSchema = z.object({
  goods_id: idSchema,
  quantity: z.number().int('数量应为整数').positive('数量应大于 0').max(ORDER_MAX_SERIALS, `数量最多 ${ORDER_MAX_SERIALS}`),
  unit_price: priceSchema,
  serials: z.array(serialSchema).max(ORDER_MAX_SERIALS, `一行最多 ${ORDER_MAX_SERIALS} 个序列号`).default([]),
});
export type OrderLineWrite = z.infer<typeof orderLineWriteSchema>;

const linesWriteSchema = z.array(orderLineWriteSchema).min(1, '请添加明细').max(ORDER_MAX_LINES, `最多 ${ORDER_MAX_LINES} 行明细`);

const commonWriteFields = {
  /** Left blank: generated (JH/CH + date + sequence). */
  order_no: orderNoSchema.optional(),
  /** The day of the order, YYYY-MM-DD. */
  order_date: z.iso.date('请选择日期'),
  remark: z.string().trim().max(500, '备注最长 500 个字符').default(''),
  lines: linesWriteSchema,
};

export const buyOrderCreateSchema = z.object({
  ...commonWriteFields,
  supplier: z.string().trim().min(1, '请输入供应商').max(100, '供应商最长 100 个字符'),
});
export const buyOrderUpdateSchema = buyOrderCreateSchema.partial();
export type BuyOrderCreate = z.infer<typeof buyOrderCreateSchema>;

export const sellOrderCreateSchema = z.object({
  ...commonWriteFields,
  customer_id: idSchema,
});
export const sellOrderUpdateSchema = sellOrderCreateSchema.partial();
export type SellOrderCreate = z.infer<typeof sellOrderCreateSchema>;

/** One line as the detail shows it. */
export const orderLineSchema = z.object({
  id: z.number(),
  goods_id: z.number(),
  goods_name: z.string(),
  quantity: z.number(),
  /** '1280.00' */
  unit_price: z.string(),
  /** quantity × unit_price, exact: '3840.00' */
  amount: z.string(),
  serials: z.array(z.string()),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

const commonReadFields = {
  id: z.number(),
  order_no: z.string(),
  order_date: z.string(),
  remark: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Boxes over all lines, and the total in 元 (exact). */
  quantity: z.number(),
  amount: z.string(),
  operator_id: z.number().nullable(),
  operator: z.string(),
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Present on GET {path}/{id} and the writes' answers. */
  lines: z.array(orderLineSchema).optional(),
};

export const buyOrderSchema = z.object({
  ...commonReadFields,
  supplier: z.string(),
  /** The new boxes' identities wait to be downloaded, once (true from the confirmation until the download). */
  identities_ready: z.boolean(),
});
export type BuyOrder = z.infer<typeof buyOrderSchema>;

export const sellOrderSchema = z.object({
  ...commonReadFields,
  customer_id: z.number(),
  company_name: z.string().nullable(),
});
export type SellOrder = z.infer<typeof sellOrderSchema>;

/** One new box's identity, as the sheet for the factory that flashes them lists it. */
export const boxIdentitySchema = z.object({ gateway_id: z.string(), secret: z.string(), goods_name: z.string() });
export type BoxIdentity = z.infer<typeof boxIdentitySchema>;

const statusOptions = ORDER_STATUSES.map((s) => ({ label: ORDER_STATUS_TITLES[s], value: s }));

const lineLabels = { goods_id: '设备类型', goods_name: '设备类型', quantity: '数量', unit_price: '单价 (元)', amount: '金额 (元)', serials: '序列号' };

const commonLabels = {
  id: '序号',
  order_no: '单号',
  order_date: '日期',
  remark: '备注',
  status: '状态',
  quantity: '数量',
  amount: '金额 (元)',
  operator: '操作人',
  confirmed_at: '确认时间',
  created_at: '创建时间',
  updated_at: '更新时间',
  lines: '明细',
};

const orderActions = {
  confirm: {
    title: '确认',
    permission: 'edit',
    target: 'row',
    confirm: '确认后设备将按明细入库或出库,单据不能再修改。确定确认?',
  },
  cancel: { title: '取消', permission: 'edit', target: 'row', confirm: '取消后单据作废,不能再确认。确定取消?' },
} as const satisfies ResourceDescriptor['actions'];

/** 进货管理: boxes received from a supplier; confirming puts each serial in stock as a new box. */
export const buyOrderResource = defineResource({
  path: BUY_ORDER_PATH,
  title: '进货单',
  list: { empty: '还没有进货单,新增进货单并确认后设备入库' },
  // an order's lines: logged under the order (its id is the record)
  audit: { table: 'buy_order', tables: { buy_order_line: { title: '进货单明细', labels: { ...lineLabels, order_id: '进货单' } } } },
  item: buyOrderSchema,
  create: buyOrderCreateSchema,
  update: buyOrderUpdateSchema,
  labels: { ...commonLabels, supplier: '供应商', identities_ready: '设备身份' },
  sortable: ['id', 'order_no', 'order_date', 'created_at'],
  defaultSort: '-id',
  dateField: 'order_date',
  keywordsHint: '单号/供应商/备注',
  filters: {
    status: { label: '状态', schema: z.enum(ORDER_STATUSES), input: { type: 'select', options: statusOptions } },
  },
  exportable: true,
  actions: orderActions,
  lines: { field: 'lines', item: orderLineSchema, labels: lineLabels },
});

/** 出货管理: boxes shipped to a customer; confirming moves each serial from stock to the customer. */
export const sellOrderResource = defineResource({
  path: SELL_ORDER_PATH,
  title: '出货单',
  list: { empty: '还没有出货单,新增出货单并确认后设备交给客户' },
  audit: { table: 'sell_order', tables: { sell_order_line: { title: '出货单明细', labels: { ...lineLabels, order_id: '出货单' } } } },
  item: sellOrderSchema,
  create: sellOrderCreateSchema,
  update: sellOrderUpdateSchema,
  labels: { ...commonLabels, customer_id: '客户', company_name: '客户' },
  sortable: ['id', 'order_no', 'order_date', 'created_at'],
  defaultSort: '-id',
  dateField: 'order_date',
  keywordsHint: '单号/备注',
  filters: {
    status: { label: '状态', schema: z.enum(ORDER_STATUSES), input: { type: 'select', options: statusOptions } },
    customer_id: { label: '客户', schema: idFilterSchema, op: 'subtree', input: { type: 'company' } },
  },
  exportable: true,
  actions: orderActions,
  lines: { field: 'lines', item: orderLineSchema, labels: lineLabels },
});

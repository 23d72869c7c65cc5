import { z } from 'zod';
import { idSchema } from '../api.js';
import { defineResource } from '../resource.js';
import { menuPath } from '../menus.js';

/** 刷机助手: the factory's provisioning batches of new box identities. */
export const FLASHER_PATH = menuPath('flasher');
export const flasherDownloadPath = (id: number | ':id') => `${FLASHER_PATH}/${id}/download`;

/**
 * A batch's life: 待下载 (identities reserved), 已下载 (secrets generated and handed out once, in the file), 已入库
 * (confirmed: every identity is a box in stock).
 */
export const FLASH_BATCH_STATES = ['new', 'downloaded', 'confirmed'] as const;
export type FlashBatchState = (typeof FLASH_BATCH_STATES)[number];
export const FLASH_BATCH_STATE_TITLES: Record<FlashBatchState, string> = { new: '待下载', downloaded: '已下载', confirmed: '已入库' };

export const FLASH_FORMATS = ['csv', 'json'] as const;
export type FlashFormat = (typeof FLASH_FORMATS)[number];
export const flashDownloadQuerySchema = z.object({ format: z.enum(FLASH_FORMATS).default('csv') });

export const FLASH_MAX_COUNT = 10_000;

/** `POST /system/box_flasher`: gateway ids are prefix + the sequence from `start`, zero-padded to `digits`. */
export const flashBatchCreateSchema = z
  .object({
    goods_id: idSchema,
    count: z.number().int().min(1, '数量至少为 1').max(FLASH_MAX_COUNT, `一批最多 ${FLASH_MAX_COUNT} 个`),
    prefix: z
      .string()
      .trim()
      .max(40, '前缀最长 40 个字符')
      .regex(/^[A-Za-z0-9_-]*$/, '前缀只能包含字母、数字、下划线和短横线'),
    start: z.number().int().min(0, '起始序号不能小于 0'),
    digits: z.number().int().min(1).max(12),
    buy_order_id: idSchema.nullable().optional(),
    remark: z.string().trim().max(200).default(''),
  })
  .refine((b) => String(b.start + b.count - 1).length <= b.digits, { message: '序号位数不足以容纳本批最后一个序号', path: ['digits'] });
export type FlashBatchCreate = z.infer<typeof flashBatchCreateSchema>;

/** The gateway id of sequence number `seq` in a batch. */
export const flashGatewayId = (prefix: string, seq: number, digits: number) => `${prefix}${String(seq).padStart(digits, '0')}`;

export const flashBatchSchema = z.object({
  id: z.number(),
  goods_id: z.number(),
  goods_name: z.string(),
  count: z.number(),
  prefix: z.string(),
  start: z.number(),
  digits: z.number(),
  /** The first and last gateway id. */
  first_gateway_id: z.string(),
  last_gateway_id: z.string(),
  buy_order_id: z.number().nullable(),
  state: z.enum(FLASH_BATCH_STATES),
  /** How many of its boxes have connected at least once. */
  connected: z.number(),
  remark: z.string(),
  created_by_name: z.string(),
  downloaded_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
});
export type FlashBatch = z.infer<typeof flashBatchSchema>;

/** One identity of a batch as its page shows it (never its secret). */
export const flashItemSchema = z.object({
  gateway_id: z.string(),
  device_id: z.number().nullable(),
  first_connected_at: z.string().nullable(),
  /** The fingerprint reported on the first connection; later connections must report the same. */
  fingerprint: z.string(),
  /** Connections refused for reporting another fingerprint (a possible clone), and the last one's. */
  clone_attempts: z.number(),
  last_clone_at: z.string().nullable(),
  last_clone_fingerprint: z.string(),
});
export type FlashItem = z.infer<typeof flashItemSchema>;

export const flashBatchDetailSchema = flashBatchSchema.extend({ items: z.array(flashItemSchema) });
export type FlashBatchDetail = z.infer<typeof flashBatchDetailSchema>;

/**
 * Provisioning batches. The secrets exist only in the one download (`GET …/{id}/download?format=csv|json`);
 * the server keeps their hashes. `confirm` turns every identity into a box in stock. A batch not yet confirmed
 * may be deleted (its identities are released).
 */
export const flashBatchResource = defineResource({
  path: FLASHER_PATH,
  title: '刷机批次',
  audit: { table: 'flash_batch', labels: { id: 'ID', created_by: '创建人' } },
  item: flashBatchSchema,
  create: flashBatchCreateSchema,
  labels: {
    goods_id: '设备类型',
    goods_name: '设备类型',
    count: '数量',
    prefix: '网关ID前缀',
    start: '起始序号',
    digits: '序号位数',
    first_gateway_id: '起始网关ID',
    last_gateway_id: '结束网关ID',
    buy_order_id: '采购单',
    state: '状态',
    connected: '已上线',
    remark: '备注',
    created_by_name: '创建人',
    downloaded_at: '下载时间',
    confirmed_at: '入库时间',
    created_at: '创建时间',
    gateway_id: '网关ID',
    device_id: '设备',
    first_connected_at: '首次上线',
    fingerprint: '设备指纹',
    clone_attempts: '疑似克隆',
    last_clone_at: '最近疑似克隆',
    last_clone_fingerprint: '疑似克隆指纹',
  },
  sortable: ['id', 'created_at'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '网关ID前缀或备注',
  filters: {
    state: {
      label: '状态',
      schema: z.enum(FLASH_BATCH_STATES),
      input: { type: 'select', options: FLASH_BATCH_STATES.map((s) => ({ label: FLASH_BATCH_STATE_TITLES[s], value: s })) },
    },
  },
  actions: {
    confirm: { title: '确认入库', permission: 'edit', target: 'row', confirm: '确认后本批所有身份将作为新设备入库, 确定?' },
  },
});

import { z } from 'zod';
import { booleanParamSchema, idSchema } from './api.js';
import { YES_NO_OPTIONS } from './config.js';
import { defineResource } from './resource.js';
import { httpUrlSchema } from './url.js';
import { menuPath } from './menus.js';

/** 短链接's menu (the console page) and its API. */
export const QRCODE_URL_MENU = menuPath('short-url');
export const SHORT_URL_PATH = '/system/short_url';
/** `GET /system/short_url/{id}/qrcode?format=png|svg&size=`: the QR code of the short URL, made on the server. */
export const shortUrlQrcodePath = (id: number | ':id') => `${SHORT_URL_PATH}/${id}/qrcode`;
/** `GET /system/short_url/{id}/visits?days=`: visits per day (China time), oldest first. */
export const shortUrlVisitsPath = (id: number | ':id') => `${SHORT_URL_PATH}/${id}/visits`;
/** The public redirect at the site's root: `/s/{code}` → 302 to the target, one visit counted. */
export const SHORT_URL_PREFIX = '/s/';

/**
 * A box's short link, made on request (`POST /device/device/short_url` with `{ids}`; a box that has one keeps
 * it) and printed as QR labels (`GET /device/device/qr_labels?ids=1,2`: an A4 HTML sheet to print).
 */
export const DEVICE_SHORT_URL_PATH = '/device/device/short_url';
export const DEVICE_QR_LABELS_PATH = '/device/device/qr_labels';

/** A custom code: letters, digits, - and _; generated codes are 6+ random base62 characters. */
export const SHORT_CODE_RE = /^[0-9A-Za-z_-]{4,32}$/;
export const SHORT_CODE_LENGTH = 6;
export const QR_FORMATS = ['png', 'svg'] as const;
export const QR_SIZE = { min: 64, max: 2048, default: 256 } as const;

export const shortUrlSchema = z.object({
  id: z.number(),
  code: z.string(),
  /** The printed link: the public base URL + /s/ + code. */
  short_url: z.string(),
  target: z.string(),
  title: z.string(),
  expires_at: z.string().nullable(),
  enabled: z.boolean(),
  visits: z.number(),
  last_visit_at: z.string().nullable(),
  /** The box a box link leads to. */
  device_id: z.number().nullable(),
  gateway_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShortUrl = z.infer<typeof shortUrlSchema>;

const shortUrlFields = {
  /** Left empty: generated. */
  code: z.string().trim().regex(SHORT_CODE_RE, '短码只能是 4-32 位字母、数字、- 或 _'),
  target: httpUrlSchema,
  title: z.string().trim().max(100),
  expires_at: z.iso.datetime({ offset: true, message: '过期时间格式不正确' }).nullable(),
  enabled: z.boolean(),
};
export const shortUrlCreateSchema = z.object({
  code: z.union([z.literal(''), shortUrlFields.code]).optional(),
  target: shortUrlFields.target,
  title: shortUrlFields.title.default(''),
  expires_at: shortUrlFields.expires_at.default(null),
  enabled: shortUrlFields.enabled.default(true),
});
export type ShortUrlCreate = z.infer<typeof shortUrlCreateSchema>;
export const shortUrlUpdateSchema = z.object(shortUrlFields).partial();
export type ShortUrlUpdate = z.infer<typeof shortUrlUpdateSchema>;

export const shortUrlVisitsSchema = z.array(z.object({ day: z.string(), visits: z.number() }));
export type ShortUrlVisits = z.infer<typeof shortUrlVisitsSchema>;

export const deviceShortUrlBodySchema = z.object({ ids: z.array(idSchema).min(1).max(1000) });
/** What `POST /device/device/short_url` answers per box (made now or already there). */
export const deviceShortUrlSchema = z.array(z.object({ device_id: z.number(), gateway_id: z.string(), code: z.string(), short_url: z.string(), created: z.boolean() }));

/** 短链接 (vendor only): codes that redirect, counted per day, with their QR codes. */
export const shortUrlResource = defineResource({
  path: SHORT_URL_PATH,
  menu: QRCODE_URL_MENU,
  title: '短链接',
  list: { empty: '还没有短链接,在网关设备中选中设备生成短链接,或在这里新增' },
  audit: { table: 'short_url', labels: { id: 'ID', created_by: '创建人' } },
  item: shortUrlSchema,
  create: shortUrlCreateSchema,
  update: shortUrlUpdateSchema,
  labels: {
    code: '短码',
    short_url: '短链接',
    target: '目标地址',
    title: '标题',
    expires_at: '过期时间',
    enabled: '启用',
    visits: '访问次数',
    last_visit_at: '最近访问',
    device_id: '设备',
    gateway_id: '设备ID',
    created_at: '创建时间',
    updated_at: '更新时间',
  },
  sortable: ['id', 'visits', 'last_visit_at', 'created_at', 'expires_at'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '短码、标题、目标地址或设备ID',
  filters: {
    enabled: {
      label: '启用',
      schema: booleanParamSchema,
      input: { type: 'select', options: YES_NO_OPTIONS },
    },
  },
  exportable: true,
});

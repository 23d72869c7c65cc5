import { z } from 'zod';
import { booleanParamSchema } from './api.js';
import { CONFIG_KEY, DOWNLOAD_ITEM_LABELS, WECHAT_MODES, downloadItemSchema } from './config-keys.js';
import { oeeIdealCycleError, oeeShiftsError } from './fleet/machine-oee.js';
import { poolError } from './fleet/net.js';
import { defineResource, yesNoOptions } from './resource.js';
import { httpUrlError } from './url.js';
import { noticeTemplateError } from './wechat/template.js';
import { menuPath } from './menus.js';

/** A base URL: http(s), no query or fragment. */
function baseUrlError(value: string): string | null {
  const error = httpUrlError(value);
  if (error) return error;
  const url = new URL(value);
  return url.search || url.hash ? '基础地址不能带 ? 或 #' : null;
}

export const configKeySchema = z
  .string()
  .trim()
  .min(1, '请输入配置键')
  .max(64)
  .regex(/^[a-z][a-z0-9_.]*$/, '配置键只能包含小写字母、数字、_ 和 .,且以字母开头');

const downloadsSchema = z.array(downloadItemSchema);

/**
 * Why `value` is not acceptable for `key`, or null. Built-in keys are typed (downloads: a JSON array of
 * {title, url, description?}, its errors naming the entry and the field in Chinese; site_title: not empty; amap_key: a key without spaces); any other key is free text.
 * The form and the server ask the same function.
 */
export function configValueError(key: string, value: string): string | null {
  switch (key) {
    case CONFIG_KEY.siteTitle:
      return value.trim() ? null : '系统名称不能为空';
    case CONFIG_KEY.amapKey:
      return /^[\w-]{0,128}$/.test(value.trim()) ? null : '高德地图 Key 只能包含字母、数字、_ 和 -';
    case CONFIG_KEY.vpnPool:
      return poolError(value, 30);
    case CONFIG_KEY.machinePool:
      return poolError(value, 24);
    case CONFIG_KEY.debugPool:
      return poolError(value, 30);
    case CONFIG_KEY.oeeShifts:
      return oeeShiftsError(value);
    case CONFIG_KEY.oeeIdealCycle:
      return oeeIdealCycleError(value);
    case CONFIG_KEY.wechatToken:
      return /^[A-Za-z0-9]{0,32}$/.test(value) ? null : '令牌 (Token) 为 3-32 位字母或数字';
    case CONFIG_KEY.wechatAppId:
      return /^(wx[0-9a-f]{16})?$/.test(value.trim()) ? null : 'AppID 应为 wx 开头的 18 位字符';
    case CONFIG_KEY.wechatSecret:
      return /^[0-9a-f]{0,64}$/i.test(value.trim()) ? null : 'AppSecret 应为字母或数字';
    case CONFIG_KEY.wechatAesKey:
      return /^([A-Za-z0-9]{43})?$/.test(value.trim()) ? null : '消息加解密密钥 (EncodingAESKey) 应为 43 位字母或数字';
    case CONFIG_KEY.wechatMode:
      return (WECHAT_MODES as readonly string[]).includes(value.trim()) ? null : '消息加解密方式应为 plain (明文)、compat (兼容) 或 safe (安全)';
    case CONFIG_KEY.wechatTemplateAlarm:
      return noticeTemplateError('alarm', value);
    case CONFIG_KEY.wechatTemplateLicense:
      return noticeTemplateError('license_expiry', value);
    case CONFIG_KEY.shortUrlBase:
      return value.trim() === '' ? null : baseUrlError(value.trim());
    case CONFIG_KEY.downloads: {
      const shape = '应为下载项的列表, 每项有名称、下载地址和说明 (JSON 数组)';
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return shape;
      }
      if (!Array.isArray(parsed)) return shape;
      const result = downloadsSchema.safeParse(parsed);
      if (result.success) return null;
      const [index, field] = result.error.issues[0].path;
      const name = typeof field === 'string' && Object.hasOwn(DOWNLOAD_ITEM_LABELS, field) ? DOWNLOAD_ITEM_LABELS[field as keyof typeof DOWNLOAD_ITEM_LABELS] : String(field ?? '');
      return `第 ${Number(index) + 1} 项 ${name}: ${result.error.issues[0].message}`;
    }
    default:
      return null;
  }
}

const configFields = z.object({
  key: configKeySchema,
  value: z.string().max(100_000).default(''),
  description: z.string().trim().max(500).optional(),
  /** 公开: readable without login through GET /tools/config. */
  public: z.boolean().optional(),
});

const valueRule = (v: { key?: string; value?: string }, ctx: z.RefinementCtx) => {
  if (v.key === undefined || v.value === undefined) return;
  const error = configValueError(v.key, v.value);
  if (error) ctx.addIssue({ code: 'custom', path: ['value'], message: error });
};

export const configWriteSchema = configFields.superRefine(valueRule);
export type ConfigWrite = z.infer<typeof configWriteSchema>;

/** Partial; a value sent without its key is checked by the server against the stored key. */
export const configUpdateSchema = configFields.partial().extend({ value: z.string().max(100_000).optional() }).superRefine(valueRule);
export type ConfigUpdate = z.infer<typeof configUpdateSchema>;

export const configItemSchema = z.object({
  id: z.number(),
  key: z.string(),
  value: z.string(),
  description: z.string(),
  public: z.boolean(),
  /** Seeded by the platform: cannot be deleted nor its key renamed. */
  builtin: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConfigItem = z.infer<typeof configItemSchema>;

export const YES_NO_OPTIONS = yesNoOptions('是', '否');

/** 通用配置 (/system/config): platform settings; built-in items keep their key and cannot be deleted. */
export const configResource = defineResource({
  path: menuPath('config'),
  title: '配置',
  formTitle: '配置项',
  audit: { table: 'config', title: '通用配置', tables: { dict_item: { title: '字典项', labels: { id: 'ID', category: '字典分类', value: '值', title: '名称', code: '编码', sort: '排序' } } } },
  item: configItemSchema,
  create: configWriteSchema,
  update: configUpdateSchema,
  labels: {
    id: 'ID',
    key: '配置键',
    value: '配置值',
    description: '描述',
    public: '公开',
    builtin: '内置',
    created_at: '创建时间',
    updated_at: '更新时间',
  },
  sortable: ['id', 'key', 'created_at', 'updated_at'],
  defaultSort: 'key',
  dateField: 'created_at',
  keywordsHint: '配置键、描述、配置值',
  filters: {
    public: { label: '公开', schema: booleanParamSchema, input: { type: 'select', options: YES_NO_OPTIONS } },
    builtin: { label: '内置', schema: booleanParamSchema, input: { type: 'select', options: YES_NO_OPTIONS }, hidden: true },
  },
  exportable: true,
  importable: true,
});

import { z } from 'zod';
import type { WechatNoticeKind } from './notice.js';
import { CONFIG_KEY } from '../config-keys.js';
import { httpUrlError } from '../url.js';

/**
 * A notice sent as a WeChat template message (模板消息) instead of a customer-service message, which WeChat
 * delivers only within 48 hours of the user's last message to the account. The account's administrator picks a
 * template in the WeChat backend and fills the config item of its kind with JSON: the template's id, each of its
 * fields with text in which `{name}` stands for a fact of the notice, and optionally the page a tap opens, e.g.
 * `{"template_id": "…", "data": {"thing1": "{gateway_id} {machine}", "character_string2": "{alarm_no}", "time3": "{time}"}}`.
 */
export interface NoticeTemplate {
  template_id: string;
  data: Record<string, string>;
  url?: string;
}

/** A template message as WeChat takes it (besides `touser`): the fields filled. */
export interface WechatTemplateMessage {
  template_id: string;
  url?: string;
  data: Record<string, { value: string }>;
}

/** `template` with `facts` in its fields, each cut to its type's limit: the message WeChat is sent. */
export function fillTemplate(template: NoticeTemplate, facts: Record<string, string>): WechatTemplateMessage {
  const data = Object.fromEntries(Object.entries(template.data).map(([field, text]) => [field, { value: fillTemplateField(field, text, facts) }]));
  return { template_id: template.template_id, ...(template.url ? { url: template.url } : {}), data };
}

/** The config item (参数设置) holding each kind's template. */
export const NOTICE_TEMPLATE_KEY: Record<WechatNoticeKind, string> = {
  alarm: CONFIG_KEY.wechatTemplateAlarm,
  license_expiry: CONFIG_KEY.wechatTemplateLicense,
};

/** The facts of each kind of notice a template's fields may name, with what each is (the 参数设置 hint). */
export const NOTICE_TEMPLATE_FACTS: Record<WechatNoticeKind, Record<string, string>> = {
  alarm: { title: '通知标题', gateway_id: '设备ID', machine: '机床', alarm_no: '报警号', alarm_msg: '报警信息', time: '报警时间' },
  license_expiry: { title: '通知标题', gateway_id: '设备ID', device: '设备 (ID 与名称)', exp: '到期时间' },
};

/** The message a template field holds once its facts are in: WeChat's limits on the newer field types, by prefix. */
export const TEMPLATE_FIELD_MAX: readonly (readonly [prefix: string, max: number])[] = [
  ['character_string', 32],
  ['thing', 20],
  ['phrase', 5],
  ['name', 10],
];
/** Any other field (first, keyword1, remark …): WeChat takes about this much. */
export const TEMPLATE_FIELD_DEFAULT_MAX = 200;

const templateSchema = z
  .object({
    template_id: z.string().trim().regex(/^[\w-]{1,64}$/, 'template_id 应为模板库中的模板 ID'),
    data: z.record(z.string().regex(/^[a-z][a-z_]*\d*$/, '字段名应为模板中的名称, 如 thing1'), z.string().max(500)),
    url: z.string().optional(),
  })
  .strict();

/**
 * Why `value` is not a template for notices of `kind` (the config items wechat_template_alarm and
 * wechat_template_license), or null. Empty: no template, customer-service messages.
 */
export function noticeTemplateError(kind: WechatNoticeKind, value: string): string | null {
  const read = readTemplate(kind, value);
  return typeof read === 'string' ? read : null;
}

/** The template of a config value (null when empty or not valid: the notice then goes as a customer-service message). */
export function parseNoticeTemplate(kind: WechatNoticeKind, value: string | undefined): NoticeTemplate | null {
  const read = readTemplate(kind, value ?? '');
  return typeof read === 'string' ? null : read;
}

/** A config value read as a template of `kind`: the template, null when empty, or why it is none. */
function readTemplate(kind: WechatNoticeKind, value: string): NoticeTemplate | string | null {
  if (!value.trim()) return null;
  const shape = '应为 JSON, 如 {"template_id": "模板ID", "data": {"thing1": "{gateway_id}", "time2": "{time}"}}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return shape;
  }
  const result = templateSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    return issue.code === 'unrecognized_keys' || issue.path.length === 0 ? shape : `${issue.path.join('.')}: ${issue.message}`;
  }
  const { data, url } = result.data;
  if (!Object.keys(data).length) return 'data 至少要有一个字段';
  if (Object.keys(data).length > 20) return 'data 最多 20 个字段';
  const known = NOTICE_TEMPLATE_FACTS[kind];
  for (const [field, text] of Object.entries(data)) {
    for (const [, name] of text.matchAll(/\{([^{}]*)\}/g)) {
      if (!Object.hasOwn(known, name)) return `data.${field}: 没有 {${name}}, 可用: ${Object.keys(known).map((k) => `{${k}}`).join(' ')}`;
    }
  }
  if (url) {
    const error = httpUrlError(url);
    if (error) return `url: ${error}`;
  }
  return { template_id: result.data.template_id, data, ...(url ? { url } : {}) };
}

/** A field's text with its facts in, cut to WeChat's limit for the field's type. */
export function fillTemplateField(field: string, text: string, facts: Record<string, string>): string {
  const filled = text.replace(/\{([^{}]*)\}/g, (whole, name: string) => (Object.hasOwn(facts, name) ? facts[name] : whole));
  const max = TEMPLATE_FIELD_MAX.find(([prefix]) => field.startsWith(prefix))?.[1] ?? TEMPLATE_FIELD_DEFAULT_MAX;
  const chars = [...filled];
  return chars.length > max ? chars.slice(0, max).join('') : filled;
}

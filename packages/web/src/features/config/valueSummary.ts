import { CONFIG_KEY, WECHAT_MODES, WECHAT_MODE_TITLES, type WechatMode } from '@gw/contracts';
import { LISTS, asText, rowsOf, templateKindOf, templateOf } from './valueFields';

/** How many names a summary lists before it stops with …: a list cell shows one line. */
const NAMES_SHOWN = 3;

/** N 项: a、b、c …; 无 for an empty list. */
function counted(names: readonly string[]): string {
  if (!names.length) return '无';
  const shown = names.slice(0, NAMES_SHOWN).filter(Boolean).join('、');
  const more = names.length > NAMES_SHOWN ? ' …' : '';
  return shown ? `${names.length} 项: ${shown}${more}` : `${names.length} 项`;
}

/** A value a person reads: a scalar as itself, a one-field object as that field, anything more as what it counts. */
function readable(value: unknown): string {
  if (Array.isArray(value)) return counted(value.map(firstScalar));
  if (value && typeof value === 'object') {
    const values = Object.values(value);
    return values.length === 1 ? readable(values[0]) : counted(values.map(firstScalar));
  }
  return asText(value);
}

/** What names an item of a JSON list: itself, or its first field that is text or a number. */
function firstScalar(item: unknown): string {
  if (item && typeof item === 'object') {
    const scalar = Object.values(item).find((v) => typeof v === 'string' || typeof v === 'number');
    return scalar === undefined ? '' : String(scalar);
  }
  return asText(item);
}

/**
 * A config value as the list shows it, never as JSON: 下载专区 as "2 项: 客户端、VPN 配置", the OEE shifts as
 * "2 项: 白班 08:00–20:00、夜班 20:00–08:00", a WeChat template as its id and field count, the message mode by its
 * Chinese name, other JSON by what it holds; plain text as it is. '' for an empty value.
 */
export function configValueSummary(key: string, value: string): string {
  const text = value.trim();
  if (!text) return '';
  const list = LISTS[key];
  const rows = list ? rowsOf(text) : undefined;
  if (list && rows) return counted(rows.map(list.nameOf));
  if (templateKindOf(key)) {
    const template = templateOf(text);
    if (template) return `模板 ${template.template_id}, ${template.data.length} 个字段`;
  }
  if (key === CONFIG_KEY.wechatMode && (WECHAT_MODES as readonly string[]).includes(text)) return WECHAT_MODE_TITLES[text as WechatMode];
  // plain text that merely starts like JSON ([备注]) stays as typed
  if (!/^[[{]/.test(text)) return value;
  try {
    return readable(JSON.parse(text));
  } catch {
    return value;
  }
}

import { CONFIG_KEY, DOWNLOAD_ITEM_LABELS, NOTICE_TEMPLATE_FACTS, NOTICE_TEMPLATE_KEY, WECHAT_NOTICE_KINDS, type WechatNoticeKind } from '@gw/contracts';

/**
 * How the JSON config values read as fields: the lists of objects (下载专区's entries, the OEE shifts) and the WeChat
 * templates. The form edits them through these fields and the list sums them up with them, so both name a value's
 * parts alike; what is stored stays the JSON the server and the boxes read.
 */

/** One field of a row of a JSON list value: its key in the JSON and what the form calls it. */
export interface RowField {
  name: string;
  label: string;
  width?: number;
}

/** A JSON list value: the fields of each row, those left out of the JSON while empty, and how a row is named in the list. */
export interface ListShape {
  fields: readonly RowField[];
  optional?: readonly string[];
  nameOf: (row: Row) => string;
}

export type Row = Record<string, string>;

/** The config values held as a JSON list of objects, edited row by row. */
export const LISTS: Readonly<Record<string, ListShape>> = {
  [CONFIG_KEY.downloads]: {
    fields: [
      { name: 'title', label: DOWNLOAD_ITEM_LABELS.title, width: 140 },
      { name: 'url', label: DOWNLOAD_ITEM_LABELS.url },
      { name: 'description', label: DOWNLOAD_ITEM_LABELS.description, width: 160 },
    ],
    optional: ['description'],
    nameOf: (row) => row.title ?? '',
  },
  [CONFIG_KEY.oeeShifts]: {
    fields: [
      { name: 'name', label: '班次名称' },
      { name: 'start', label: '开始 (时:分)', width: 120 },
      { name: 'end', label: '结束 (时:分)', width: 120 },
    ],
    // a shift reads with its hours: 白班 08:00–20:00
    nameOf: (row) => [row.name, row.start && row.end ? `${row.start}–${row.end}` : ''].filter(Boolean).join(' '),
  },
};

/** A JSON scalar as the text box shows it; anything else (a nested object) as its JSON. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value == null ? '' : JSON.stringify(value);
}

/** A JSON value as rows, or undefined when it is not a list of objects (then it is edited as text, to be fixed). */
export function rowsOf(value: string): Row[] | undefined {
  if (!value.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed) || !parsed.every((row) => row && typeof row === 'object' && !Array.isArray(row))) return undefined;
    return (parsed as Record<string, unknown>[]).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, asText(v)])));
  } catch {
    return undefined;
  }
}

/** Rows back to the stored JSON, optional fields left out while empty (a download's 说明), as the stored shape has them. */
export const listJson = (key: string, rows: Row[]) =>
  JSON.stringify(rows.map((row) => Object.fromEntries(Object.entries(row).filter(([name, text]) => text !== '' || !LISTS[key]?.optional?.includes(name)))));

/** The kind of notice whose WeChat template a config key holds, if it holds one. */
export const templateKindOf = (key: string): WechatNoticeKind | undefined => WECHAT_NOTICE_KINDS.find((kind) => NOTICE_TEMPLATE_KEY[kind] === key);

export interface Template {
  template_id: string;
  url: string;
  /** Each template field with its text, as stored: `{gateway_id}` where a fact of the notice goes in. */
  data: Row[];
}

/** A template value as its fields, or undefined when it is not one (edited as text then). */
export function templateOf(value: string): Template | undefined {
  if (!value.trim()) return { template_id: '', url: '', data: [] };
  try {
    const parsed = JSON.parse(value) as { template_id?: unknown; url?: unknown; data?: unknown };
    if (!parsed || typeof parsed !== 'object' || (parsed.data !== undefined && (typeof parsed.data !== 'object' || parsed.data === null))) return undefined;
    const data = Object.entries((parsed.data ?? {}) as Record<string, unknown>).map(([field, text]) => ({ field, text: asText(text) }));
    return { template_id: asText(parsed.template_id), url: asText(parsed.url), data };
  } catch {
    return undefined;
  }
}

/** A template's JSON; nothing filled in at all is '' (notices then go as customer-service messages). */
export function templateJson(template: Template): string {
  if (!template.template_id && !template.url && !template.data.length) return '';
  const data = Object.fromEntries(template.data.map((row) => [row.field, row.text]));
  return JSON.stringify({ template_id: template.template_id, data, ...(template.url ? { url: template.url } : {}) });
}

/**
 * The Chinese name a person types for each fact of a notice, by the fact's key: its description without what the
 * brackets add (设备 (ID 与名称) → 设备), unique within a kind.
 */
export function placeholderNames(kind: WechatNoticeKind): Readonly<Record<string, string>> {
  return Object.fromEntries(Object.entries(NOTICE_TEMPLATE_FACTS[kind]).map(([key, what]) => [key, what.replace(/\s*\(.*\)\s*$/, '')]));
}

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** A template field's stored text as the form shows it: `{gateway_id}` → `{设备ID}`; an unknown name stays as typed. */
export function shownText(kind: WechatNoticeKind, stored: string): string {
  const names = placeholderNames(kind);
  return stored.replace(PLACEHOLDER, (whole, key: string) => (Object.hasOwn(names, key) ? `{${names[key]}}` : whole));
}

/** What was typed back to the stored text: `{设备ID}` → `{gateway_id}`, so the sender finds the facts it fills in. */
export function storedText(kind: WechatNoticeKind, shown: string): string {
  const keys = Object.fromEntries(Object.entries(placeholderNames(kind)).map(([key, name]) => [name, key]));
  return shown.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(keys, name) ? `{${keys[name]}}` : whole));
}

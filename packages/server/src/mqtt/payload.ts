import type { z } from 'zod';

/** Why a box's payload was dropped: the `reason` label of the malformed-message counters. */
export type MalformedReason = 'too_large' | 'not_json' | 'bad_shape';

/** A dropped payload: its reason label, and what a person reads of it (消息过大: …, 数据格式错误: …). */
export interface Malformed {
  malformed: MalformedReason;
  detail: string;
}

/**
 * A box's JSON payload read against its schema (at most `maxBytes`), or why it is malformed. `plain`, when given,
 * takes what it can tell the schema accepts unchanged without the schema's checks and copies (a hot path's
 * common shape); whatever it does not take goes to the schema.
 */
export function parsePayload<T>(payload: Buffer, maxBytes: number, schema: z.ZodType<T>, plain?: (json: unknown) => json is T): { value: T } | Malformed {
  if (payload.length > maxBytes) return { malformed: 'too_large', detail: `消息过大: ${size(payload.length)},上限 ${size(maxBytes)}` };
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return { malformed: 'not_json', detail: '数据格式错误: 不是合法的 JSON' };
  }
  if (plain?.(json)) return { value: json };
  const parsed = schema.safeParse(json);
  return parsed.success ? { value: parsed.data } : { malformed: 'bad_shape', detail: `数据格式错误: ${issueText(parsed.error.issues[0], json)}` };
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`);

const TYPE_TITLES: Record<string, string> = { array: '数组', object: '对象', string: '字符串', number: '数字', int: '整数', boolean: '布尔值' };

/** `a` then `b`, a space between them when `a` ends in a name (第 1 项缺少 device_id, values 不能为空). */
const then = (a: string, b: string) => (a && /\w$/.test(a) ? `${a} ${b}` : a + b);

/** Where a path points, as a person counts: 第 1 项 (the message's items), values 第 2 个 (a list's entries), 的 name. */
function placeOf(path: readonly PropertyKey[]): string {
  let place = '';
  for (const [i, key] of path.entries()) {
    if (typeof key === 'number') place = then(place, i === 0 ? `第 ${key + 1} 项` : `第 ${key + 1} 个`);
    else place = place ? then(place, `的 ${String(key)}`) : String(key);
  }
  return place;
}

/** The first thing wrong with a payload's shape, in Chinese (第 1 项缺少 device_id, 第 2 项的 ts 应为整数). */
function issueText(issue: z.core.$ZodIssue | undefined, json: unknown): string {
  if (!issue) return '不符合格式';
  const path = issue.path;
  let parent: unknown = json;
  for (const key of path.slice(0, -1)) parent = parent !== null && typeof parent === 'object' ? (parent as Record<PropertyKey, unknown>)[key] : undefined;
  const last = path.at(-1);
  const place = placeOf(path);
  if (last !== undefined && parent !== null && typeof parent === 'object' && !Array.isArray(parent) && !(last in parent)) {
    return then(placeOf(path.slice(0, -1)), `缺少 ${String(last)}`);
  }
  const list = path.length === 0 ? '消息' : place;
  switch (issue.code) {
    case 'invalid_type':
      return then(place || '消息', `应为${TYPE_TITLES[issue.expected] ?? issue.expected}`);
    case 'too_small':
      if (issue.origin === 'array') return then(list, `至少 ${String(issue.minimum)} 项`);
      if (issue.origin === 'string') return then(place, Number(issue.minimum) <= 1 ? '不能为空' : `至少 ${String(issue.minimum)} 个字符`);
      return then(place, issue.inclusive ? `不能小于 ${String(issue.minimum)}` : `应大于 ${String(issue.minimum)}`);
    case 'too_big':
      if (issue.origin === 'array') return then(list, `超过 ${String(issue.maximum)} 项`);
      if (issue.origin === 'string') return then(place, `超过 ${String(issue.maximum)} 个字符`);
      return then(place, `不能大于 ${String(issue.maximum)}`);
    default:
      return then(place || '消息', '不符合格式');
  }
}

/**
 * What a machine tool's `cnc_*` values mean to a person: the Chinese title and unit of each name a box reports
 * (`data/{gw}/v1`), in the order the console lays them out. Names not listed here are shown by their raw name.
 */
export interface CncValueInfo {
  title: string;
  unit?: string;
  /** `axes`: an array of `{axis, value}` (positions); `alarms`: an array of `{alarm_no, alarm_type, alarm_msg}`. */
  kind?: 'axes' | 'alarms';
}

export const CNC_VALUES = {
  cnc_runstatus: { title: '运行状态' },
  cnc_emer: { title: '急停' },
  cnc_mode: { title: '模式' },
  cnc_alarm: { title: '报警', kind: 'alarms' },
  cnc_products: { title: '加工件数', unit: '件' },
  cnc_toolnum: { title: '刀号' },
  cnc_srate: { title: '主轴倍率', unit: '%' },
  cnc_frate: { title: '进给倍率', unit: '%' },
  cnc_setspeed: { title: '设定转速', unit: 'r/min' },
  cnc_actspeed: { title: '实际转速', unit: 'r/min' },
  cnc_setfspeed: { title: '设定进给速度', unit: 'mm/min' },
  cnc_actfspeed: { title: '实际进给速度', unit: 'mm/min' },
  cnc_sload: { title: '主轴负载', unit: '%' },
  cnc_mainproname: { title: '主程序名' },
  cnc_curproname: { title: '当前程序名' },
  cnc_type: { title: '系统型号' },
  cnc_mecpos: { title: '机械坐标', unit: 'mm', kind: 'axes' },
  cnc_respos: { title: '相对坐标', unit: 'mm', kind: 'axes' },
  cnc_abspos: { title: '绝对坐标', unit: 'mm', kind: 'axes' },
  device_state: { title: '采集状态' },
} as const satisfies Record<string, CncValueInfo>;
export type CncValueName = keyof typeof CNC_VALUES;

/** The title and unit of a value's name; an unknown name is its own title. */
export function cncValueInfo(name: string): CncValueInfo {
  return (CNC_VALUES as Record<string, CncValueInfo>)[name] ?? { title: name };
}

/** A value with its unit, as a person reads it ('8000 r/min', '100 %'); objects as JSON, null/undefined as ''. */
export function formatCncValue(name: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const { unit } = cncValueInfo(name);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return unit && typeof value !== 'object' ? `${text} ${unit}` : text;
}

/** One axis of `cnc_mecpos` / `cnc_respos` / `cnc_abspos`. */
export interface CncAxisPosition {
  axis: string;
  value: number | string;
}

/**
 * What a value may hold: anything outside is refused for that reading (never stored, never summed) and shown as
 * the box's last rejection. `cnc_products` is an integer 0…2,147,483,647 (the stored counters are 32-bit integers;
 * a counter past them only ever came from a broken box), as a number or a string of digits, or null; each alarm
 * of `cnc_alarm` has its own text limits; any other text, anywhere in a value (axes, object keys, names not
 * listed), holds at most CNC_TEXT_MAX characters; numbers are finite; a value nests at most CNC_DEPTH_MAX levels.
 */
export const CNC_COUNTER_MAX = 2_147_483_647;
export const CNC_TEXT_MAX = 256;
export const CNC_ALARM_TEXT_MAX = { alarm_no: 32, alarm_type: 32, alarm_msg: 256 } as const;
export const CNC_DEPTH_MAX = 8;

/** Why a value was refused (the metric's label), and its title in the box's rejection. */
export const CNC_FAULT_TITLES = { out_of_range: '数值超出范围', too_long: '文本过长', too_deep: '嵌套过深' } as const;
export type CncFaultReason = keyof typeof CNC_FAULT_TITLES;

/** A refused value: why, and what a person reads after the machine's code (`cnc_products = -1,应为 …`). */
export interface CncValueFault {
  reason: CncFaultReason;
  text: string;
}

/** The part counter of `cnc_products`, or null when it is none (absent, null, or outside its domain). */
export function cncCounter(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= CNC_COUNTER_MAX ? n : null;
}

/** A value as a person reads it in a reason: numbers as JavaScript reads them, anything else as JSON, cut at 40. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = typeof value;
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Something out of its domain inside a value: why, where (`[1].axis`, built only once found) and what. */
interface Found {
  reason: CncFaultReason;
  path: string;
  what: string;
}

/** The first text too long, number not finite or nesting too deep in a value (on every reading: no work unless found). */
function find(value: unknown, depth: number): Found | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : { reason: 'out_of_range', path: '', what: ` = ${value},应为有限的数` };
  if (typeof value === 'string') return value.length > CNC_TEXT_MAX ? { reason: 'too_long', path: '', what: ` 长 ${value.length} 个字符,上限 ${CNC_TEXT_MAX}` } : null;
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= CNC_DEPTH_MAX) return { reason: 'too_deep', path: '', what: ` 嵌套超过 ${CNC_DEPTH_MAX} 层` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = find(value[i], depth + 1);
      if (found) return { ...found, path: `[${i}]${found.path}` };
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (key.length > CNC_TEXT_MAX) return { reason: 'too_long', path: '', what: ` 中有长 ${key.length} 个字符的键,上限 ${CNC_TEXT_MAX}` };
    const found = find((value as Record<string, unknown>)[key], depth + 1);
    if (found) return { ...found, path: `.${key}${found.path}` };
  }
  return null;
}

/** Why one value a box sent is outside its domain, or null when it may be stored. */
export function cncValueFault(name: string, value: unknown): CncValueFault | null {
  if (name === 'cnc_products' && value !== null && cncCounter(value) === null) {
    return { reason: 'out_of_range', text: `cnc_products = ${shown(value)},应为 0 至 ${CNC_COUNTER_MAX} 的整数` };
  }
  if (name === 'cnc_alarm' && Array.isArray(value)) {
    for (const [i, alarm] of value.entries()) {
      if (typeof alarm !== 'object' || alarm === null) continue;
      for (const [field, max] of Object.entries(CNC_ALARM_TEXT_MAX)) {
        const text: unknown = (alarm as Record<string, unknown>)[field];
        if (typeof text === 'string' && text.length > max) return { reason: 'too_long', text: `cnc_alarm[${i}].${field} 长 ${text.length} 个字符,上限 ${max}` };
      }
    }
  }
  const found = find(value, 0);
  return found && { reason: found.reason, text: `${name}${found.path}${found.what}` };
}

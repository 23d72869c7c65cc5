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

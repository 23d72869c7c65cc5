import { BRAND_TABLES, type BrandTables, CNC_VALUES, type CncAxisPosition, brandCode, cncValueInfo, formatCncValue } from '@gw/contracts';

/** The names whose numbers are codes of the brand's tables, shown by their Chinese titles. */
const CODED: Partial<Record<string, keyof BrandTables>> = { cnc_runstatus: 'runStatus', cnc_emer: 'emergency', cnc_mode: 'mode' };
const ORDER = Object.keys(CNC_VALUES);
const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);

/** A value as a person reads it: a code by its brand's title (运行, 急停, 自动), else with its unit. */
export function cncValueText(category: string, name: string, value: unknown): string {
  const table = CODED[name];
  const code = table ? brandCode(BRAND_TABLES[category]?.[table], value) : undefined;
  return code ? code.title : formatCncValue(name, value);
}

export interface LaidOutValues {
  /** Single values in the console's order (known names first), with title and text. */
  scalars: { name: string; title: string; text: string }[];
  /** Axis positions, one row per axis, one column per position value (机械坐标, 相对坐标 …). */
  axes: { names: string[]; rows: ({ axis: string } & Record<string, string>)[] };
}

const isAxes = (value: unknown): value is CncAxisPosition[] =>
  Array.isArray(value) && value.every((item) => item && typeof item === 'object' && 'axis' in item);

/** Splits a machine's values into single values and an axis table; `cnc_alarm` is left to the alarm list. */
export function layOutValues(category: string, values: Record<string, unknown>): LaidOutValues {
  const names = Object.keys(values).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const scalars: LaidOutValues['scalars'] = [];
  const axisNames: string[] = [];
  const byAxis = new Map<string, { axis: string } & Record<string, string>>();
  for (const name of names) {
    const value = values[name];
    const info = cncValueInfo(name);
    if (info.kind === 'alarms') continue;
    if (info.kind === 'axes' || isAxes(value)) {
      if (!isAxes(value)) continue;
      axisNames.push(name);
      for (const { axis, value: position } of value) {
        const row = byAxis.get(String(axis)) ?? { axis: String(axis) };
        row[name] = String(position);
        byAxis.set(String(axis), row);
      }
      continue;
    }
    scalars.push({ name, title: info.title, text: cncValueText(category, name, value) });
  }
  return { scalars, axes: { names: axisNames, rows: [...byAxis.values()] } };
}

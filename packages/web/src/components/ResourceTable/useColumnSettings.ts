import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo, useState } from 'react';

interface Stored {
  /** Column keys in the chosen order. */
  order: string[];
  hidden: string[];
  /** Columns off by default that the user turned on. */
  shown: string[];
}

export interface ColumnSetting {
  key: string;
  title: ReactNode;
  visible: boolean;
  /** The list's key column: always shown, always first. */
  fixed: boolean;
}

const EMPTY: Stored = { order: [], hidden: [], shown: [] };

/** The localStorage key of a resource's column choice. */
export const columnsStorageKey = (resource: string) => `columns:${resource}`;

const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function read(key: string): Stored {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<Stored> | null;
    return { order: strings(value?.order), hidden: strings(value?.hidden), shown: strings(value?.shown) };
  } catch {
    return EMPTY;
  }
}

export const columnKeyOf = (column: ColumnsType<never>[number]) => String(column.key ?? ('dataIndex' in column ? column.dataIndex : ''));

/** The key column of a list: the declared one, else the first column that is not the bare 序号 (id). */
export function keyColumnOf<T>(columns: ColumnsType<T>, declared?: string): string | undefined {
  const keys = columns.map((column) => columnKeyOf(column as ColumnsType<never>[number]));
  if (declared && keys.includes(declared)) return declared;
  return keys.find((key) => key !== 'id') ?? keys[0];
}

export interface ColumnPresentation {
  /** The column that names a row: shown first, fixed at the left, never hidden. */
  key?: string;
  /** Columns off until the user turns them on. */
  hidden?: readonly string[];
}

/**
 * Which columns show and in what order, remembered per resource in localStorage (`columns:<resource>`). The key
 * column leads, fixed at the left so a row stays named while the table scrolls sideways; columns the list declares
 * hidden stay off until chosen. Columns a page adds later appear at the end; columns it removes are forgotten.
 */
export function useColumnSettings<T>(resource: string, columns: ColumnsType<T>, presentation: ColumnPresentation = {}) {
  const storageKey = columnsStorageKey(resource);
  const [stored, setStored] = useState<Stored>(() => read(storageKey));
  const keyColumn = keyColumnOf(columns, presentation.key);
  const offByDefault = presentation.hidden;

  const ordered = useMemo(() => {
    const byKey = new Map(columns.map((column) => [columnKeyOf(column as ColumnsType<never>[number]), column]));
    const chosen = [...stored.order.filter((key) => byKey.has(key)), ...[...byKey.keys()].filter((key) => !stored.order.includes(key))];
    const keys = keyColumn ? [keyColumn, ...chosen.filter((key) => key !== keyColumn)] : chosen;
    const visible = (key: string) =>
      key === keyColumn || (offByDefault?.includes(key) ? stored.shown.includes(key) : !stored.hidden.includes(key));
    return keys.map((key) => ({ key, column: byKey.get(key)!, visible: visible(key), fixed: key === keyColumn }));
  }, [columns, stored, keyColumn, offByDefault]);

  const save = (next: Stored) => {
    setStored(next);
    localStorage.setItem(storageKey, JSON.stringify(next));
  };
  const order = ordered.map((item) => item.key);
  const visibleColumns = useMemo(
    () => ordered.filter((item) => item.visible).map((item) => (item.fixed ? { ...item.column, fixed: 'left' as const } : item.column)),
    [ordered],
  );

  return {
    keyColumn,
    visibleColumns,
    settings: ordered.map<ColumnSetting>(({ key, column, visible, fixed }) => ({ key, title: column.title as ReactNode, visible, fixed })),
    setVisible(key: string, visible: boolean) {
      const hidden = stored.hidden.filter((k) => k !== key);
      const shown = stored.shown.filter((k) => k !== key);
      save({ order, hidden: visible ? hidden : [...hidden, key], shown: visible ? [...shown, key] : shown });
    },
    move(key: string, by: -1 | 1) {
      const from = order.indexOf(key);
      const to = from + by;
      // the key column stays first
      if (from < 0 || to < 0 || to >= order.length || order[from] === keyColumn || order[to] === keyColumn) return;
      const next = [...order];
      [next[from], next[to]] = [next[to], next[from]];
      save({ ...stored, order: next });
    },
    reset() {
      setStored(EMPTY);
      localStorage.removeItem(storageKey);
    },
  };
}

/** What the 列设置 popover needs. */
export interface ColumnSettingsControls {
  settings: ColumnSetting[];
  setVisible: (key: string, visible: boolean) => void;
  move: (key: string, by: -1 | 1) => void;
  reset: () => void;
}

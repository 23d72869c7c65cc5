import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo, useState } from 'react';

interface Stored {
  /** Column keys in the chosen order. */
  order: string[];
  hidden: string[];
}

export interface ColumnSetting {
  key: string;
  title: ReactNode;
  visible: boolean;
}

const EMPTY: Stored = { order: [], hidden: [] };

/** The localStorage key of a resource's column choice. */
export const columnsStorageKey = (resource: string) => `columns:${resource}`;

function read(key: string): Stored {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<Stored> | null;
    return { order: Array.isArray(value?.order) ? value.order : [], hidden: Array.isArray(value?.hidden) ? value.hidden : [] };
  } catch {
    return EMPTY;
  }
}

const keyOf = (column: ColumnsType<never>[number]) => String(column.key ?? ('dataIndex' in column ? column.dataIndex : ''));

/**
 * Which columns show and in what order, remembered per resource in localStorage (`columns:<resource>`). Columns a
 * page adds later appear at the end; columns it removes are forgotten.
 */
export function useColumnSettings<T>(resource: string, columns: ColumnsType<T>) {
  const storageKey = columnsStorageKey(resource);
  const [stored, setStored] = useState<Stored>(() => read(storageKey));

  const ordered = useMemo(() => {
    const byKey = new Map(columns.map((column) => [keyOf(column as ColumnsType<never>[number]), column]));
    const keys = [...stored.order.filter((key) => byKey.has(key)), ...[...byKey.keys()].filter((key) => !stored.order.includes(key))];
    return keys.map((key) => ({ key, column: byKey.get(key)!, visible: !stored.hidden.includes(key) }));
  }, [columns, stored]);

  const save = (next: Stored) => {
    setStored(next);
    localStorage.setItem(storageKey, JSON.stringify(next));
  };
  const order = ordered.map((item) => item.key);
  const visibleColumns = useMemo(() => ordered.filter((item) => item.visible).map((item) => item.column), [ordered]);

  return {
    visibleColumns,
    settings: ordered.map<ColumnSetting>(({ key, column, visible }) => ({ key, title: column.title as ReactNode, visible })),
    setVisible(key: string, visible: boolean) {
      const hidden = stored.hidden.filter((k) => k !== key);
      save({ order, hidden: visible ? hidden : [...hidden, key] });
    },
    move(key: string, by: -1 | 1) {
      const from = order.indexOf(key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= order.length) return;
      const next = [...order];
      [next[from], next[to]] = [next[to], next[from]];
      save({ order: next, hidden: stored.hidden });
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

import { Card, Flex, Pagination, theme } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { plainText } from '../../utils/format';
import { columnKeyOf } from './useColumnSettings';

/** A cell as the table would draw it: the column's render of the value at its dataIndex. */
export function cellOf<T>(column: ColumnType<T>, row: T, index: number): ReactNode {
  const dataIndex = column.dataIndex;
  const path: readonly (string | number)[] = dataIndex === undefined ? [] : Array.isArray(dataIndex) ? (dataIndex as readonly (string | number)[]) : [dataIndex as string | number];
  let value: unknown = row;
  for (const key of path) value = (value as Record<string | number, unknown> | undefined)?.[key];
  if (column.render) return column.render(value, row, index) as ReactNode;
  return plainText(value);
}

interface Props<T> {
  row: T;
  index: number;
  title: ReactNode;
  /** The columns shown as 标题: 值 pairs under the title. */
  fields: readonly ColumnType<T>[];
  /** Below the fields, at the right: the row's buttons. */
  footer?: ReactNode;
}

/**
 * One row as a card, for a phone where a table's columns no longer fit: a title, each field as its column's title
 * and cell one under the other (a long value wraps instead of widening the card), and the row's buttons.
 */
export function RecordCard<T>({ row, index, title, fields, footer }: Props<T>) {
  const { token } = theme.useToken();
  return (
    <Card size="small" role="listitem" title={title}>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', overflowWrap: 'anywhere' }}>
        {fields.map((column, i) => (
          <div key={columnKeyOf(column as ColumnsType<never>[number]) || i} style={{ display: 'contents' }}>
            <dt style={{ color: token.colorTextSecondary }}>{column.title as ReactNode}</dt>
            <dd style={{ margin: 0, minWidth: 0 }}>{cellOf(column, row, index)}</dd>
          </div>
        ))}
      </dl>
      {footer}
    </Card>
  );
}

interface PagerProps {
  current?: number;
  pageSize?: number;
  total?: number;
  onChange: (page: number, pageSize: number) => void;
}

/** The pages of a list of cards: a simple pager under them (no size changer, no jump: a phone has no room), none for one page. */
export function CardsPager({ current, pageSize, total, onChange }: PagerProps) {
  if (!total) return null;
  return (
    <Flex justify="center" style={{ marginTop: 12 }}>
      <Pagination simple current={current} pageSize={pageSize} total={total} onChange={onChange} />
    </Flex>
  );
}

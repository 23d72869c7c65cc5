import { Empty, Flex, Spin, Table, type TableProps, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { CardsPager, RecordCard, cellOf } from './RecordCard';
import { usePhone } from './usePhone';

/** A row's key as the table takes it: a field's name or a function of the row. */
const keyOf = <T,>(rowKey: TableProps<T>['rowKey'], row: T, index: number): string => {
  if (typeof rowKey === 'function') return String(rowKey(row, index));
  const key = (row as Record<string, unknown>)[String(rowKey ?? 'key')];
  return typeof key === 'string' || typeof key === 'number' ? String(key) : String(index);
};

/**
 * A table of records outside a list page (a box's machine tools or online log in its drawer, a day's OEE per
 * shift): antd's table as given on a wider screen, and on a phone the same rows as cards, as a list's are — the
 * first column titling each card, the others under it — so nothing scrolls sideways.
 *
 * @example <DetailTable<OnlineLogRow> rowKey="id" size="small" dataSource={rows} columns={columns} pagination={{ current, pageSize, total, onChange }} />
 */
export function DetailTable<T extends object>(props: TableProps<T>) {
  const phone = usePhone();
  if (!phone) return <Table<T> {...props} />;
  const { dataSource = [], pagination, loading, locale, rowKey } = props;
  const [first, ...rest] = (props.columns ?? []) as ColumnType<T>[];
  const pager = pagination || undefined;
  return (
    <Spin spinning={!!loading}>
      <Flex vertical gap={8} role="list">
        {dataSource.length === 0 && !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={locale?.emptyText as ReactNode} />}
        {dataSource.map((row, index) => (
          <RecordCard<T>
            key={keyOf(rowKey, row, index)}
            row={row}
            index={index}
            title={first && <Typography.Text strong>{cellOf(first, row, index)}</Typography.Text>}
            fields={rest}
          />
        ))}
      </Flex>
      {pager && <CardsPager current={pager.current} pageSize={pager.pageSize} total={pager.total} onChange={(page, size) => pager.onChange?.(page, size)} />}
    </Spin>
  );
}

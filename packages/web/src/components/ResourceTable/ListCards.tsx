import { Checkbox, Flex, Space, Spin, Typography } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import { useResourceListContext } from './context';
import { ListEmpty } from './ListEmpty';
import { type RowActionOptions, rowItemsOf, splitRowItems } from './listColumns';
import { RT } from './messages';
import { CardsPager, RecordCard, cellOf } from './RecordCard';
import { MoreActions, RowItemButton } from './RowButtons';
import { columnKeyOf } from './useColumnSettings';

/** The fields a card shows under its key when the list names none: the next columns shown. */
const CARD_FIELDS = 4;

interface Props<T extends object> {
  /** The visible columns, the key column first. */
  columns: ColumnsType<T>;
  actions: RowActionOptions<T>;
  selectable: boolean;
  nameOf: (row: T) => string;
}

/**
 * The rows of the list around it as cards, for a phone: the key as the title, the list's card fields (its state
 * first), the row's main action and 更多 with the rest; a checkbox per card while something acts on a selection.
 */
export function ListCards<T extends object>({ columns, actions, selectable, nameOf }: Props<T>) {
  const list = useResourceListContext<T>();
  const byKey = new Map(columns.map((column) => [columnKeyOf(column as ColumnsType<never>[number]), column as ColumnType<T>]));
  const [keyColumn, ...rest] = columns as ColumnType<T>[];
  const fields = list.cardFields
    ? list.cardFields.flatMap((key) => (byKey.has(key) ? [byKey.get(key)!] : []))
    : rest.slice(0, CARD_FIELDS);
  const selected = new Set(list.selectedIds);
  const toggle = (id: string | number, on: boolean) => {
    const keys = list.rowSelection.selectedRowKeys.filter((key) => key !== id);
    list.rowSelection.onChange(on ? [...keys, id] : keys);
  };
  const { pagination } = list.tableProps;
  const pager = pagination || undefined;

  return (
    <Spin spinning={!!list.loading}>
      <Flex vertical gap={8} role="list" aria-label={list.title}>
        {list.rows.length === 0 && !list.loading && <ListEmpty />}
        {list.rows.map((row, index) => {
          const id = list.idOf(row);
          const [shown, more] = splitRowItems(rowItemsOf(row, actions, list), 1);
          return (
            <RecordCard<T>
              key={String(id)}
              row={row}
              index={index}
              title={
                <Space size={4} style={{ maxWidth: '100%' }}>
                  {selectable && (
                    <Checkbox
                      aria-label={RT.select(nameOf(row))}
                      checked={selected.has(id)}
                      onChange={(e) => toggle(id, e.target.checked)}
                      // a finger needs more than the 16 px box
                      style={{ minWidth: 24, minHeight: 24, alignItems: 'center' }}
                    />
                  )}
                  <Typography.Text strong ellipsis>
                    {keyColumn ? cellOf(keyColumn, row, index) : nameOf(row)}
                  </Typography.Text>
                </Space>
              }
              fields={fields}
              footer={
                (shown.length > 0 || actions.extra) && (
                  <Flex justify="flex-end" wrap gap={4} style={{ marginTop: 8 }}>
                    {shown.map((item) => (
                      <RowItemButton key={item.key} item={item} />
                    ))}
                    {more.length > 0 && <MoreActions items={more} name={nameOf(row)} />}
                    {actions.extra?.(row)}
                  </Flex>
                )
              }
            />
          );
        })}
      </Flex>
      {pager && (
        <CardsPager
          current={pager.current}
          pageSize={pager.pageSize}
          total={pager.total}
          onChange={(page, pageSize) => list.setQuery({ page: pageSize === list.query.limit ? page : 1, limit: pageSize })}
        />
      )}
    </Spin>
  );
}

import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Space, Tooltip, theme } from 'antd';
import { BulkActions } from './BulkActions';
import { useResourceListContext } from './context';
import { RT } from './messages';

/** Why the selection cannot be deleted: the first reason a selected row of this page gives, if one cannot go. */
function refusal<T extends object>(rows: T[], selected: ReadonlySet<unknown>, idOf: (row: T) => unknown, canDelete?: (row: T) => boolean | string) {
  if (!canDelete) return undefined;
  for (const row of rows) {
    if (!selected.has(idOf(row))) continue;
    const verdict = canDelete(row);
    if (verdict !== true) return typeof verdict === 'string' && verdict ? verdict : RT.someUndeletable;
  }
  return undefined;
}

/** 批量删除 behind a confirmation naming the count; disabled, with the reason as tooltip, when a selected row cannot go. */
function BulkDelete<T extends object>() {
  const list = useResourceListContext<T>();
  const count = list.selectedIds.length;
  const refused = refusal(list.rows, new Set(list.selectedIds), list.idOf, list.canDelete);
  return (
    <Tooltip title={refused}>
      {/* a disabled button takes no pointer events: the tooltip listens on a wrapper */}
      <span>
        <Popconfirm
          title={RT.confirmBulkDelete(count)}
          okText={RT.ok}
          cancelText={RT.cancel}
          okButtonProps={{ danger: true }}
          disabled={!!refused}
          onConfirm={() => void list.removeMany(list.selectedIds).catch(() => undefined)}
        >
          <Button danger icon={<DeleteOutlined />} disabled={!!refused}>
            {RT.bulkDelete}
          </Button>
        </Popconfirm>
      </span>
    </Tooltip>
  );
}

/**
 * The bar over a list while rows are selected: 已选 N 项, what can be done with them (the bulk actions, 批量删除) and
 * 取消选择. Nothing while none is: buttons that wait for a selection only crowd the toolbar.
 */
export function SelectionBar<T extends object>() {
  const list = useResourceListContext<T>();
  const { token } = theme.useToken();
  const count = list.selectedIds.length;
  if (!count) return null;
  return (
    <Flex
      role="region"
      aria-label={RT.selected(count)}
      justify="space-between"
      align="center"
      wrap
      gap={8}
      style={{ marginBottom: 12, padding: '4px 12px', background: token.colorPrimaryBg, border: `1px solid ${token.colorPrimaryBorder}`, borderRadius: token.borderRadius }}
    >
      <Space wrap>
        <strong>{RT.selected(count)}</strong>
        <BulkActions />
        {list.allowed.delete && <BulkDelete<T> />}
      </Space>
      <Button type="link" onClick={() => list.rowSelection.onChange([])}>
        {RT.clearSelection}
      </Button>
    </Flex>
  );
}

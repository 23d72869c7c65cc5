import { ROLE_ADMIN, ROLE_CUSTOMER, type RoleItem, roleResource } from '@gw/contracts';
import { Tag } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { titled } from '../../components/ResourceTable';
import { actionsColumn } from '../../components/ResourceTable/listColumns';
import type { Id } from '../../components/ResourceTable/types';
import { parseTime } from '../../utils/format';
import { M } from './messages';

export type RoleNode = RoleItem & { children?: RoleNode[] };

/** The roles as a tree by parent_id; a role whose parent is not listed is a root. Leaves have no `children`. */
export function roleTree(rows: RoleItem[]): RoleNode[] {
  const nodes = new Map<number, RoleNode>(rows.map((row) => [row.id, { ...row }]));
  const roots: RoleNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id != null && node.parent_id !== node.id ? nodes.get(node.parent_id) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The list's columns; their titles are the descriptor's labels. */
export const roleColumns: ColumnsType<RoleNode> = titled<RoleNode>(
  [
    { key: 'name', dataIndex: 'name' },
    {
      key: 'member_count',
      dataIndex: 'member_count',
      render: (count: number) => <Tag color={count ? 'blue' : 'default'}>{M.memberCount(count)}</Tag>,
    },
    { key: 'description', dataIndex: 'description', ellipsis: true },
    { key: 'created_at', dataIndex: 'created_at', render: (time: string) => parseTime(time) },
  ],
  roleResource,
);

/** admin and customer: the server refuses to delete them, so they offer no 删除. */
export const isBuiltinRole = (role: RoleItem) => role.id === ROLE_ADMIN || role.id === ROLE_CUSTOMER;

interface ActionOptions {
  onEdit?: (row: RoleNode) => void;
  loadingId: Id | null;
  onDelete?: (id: Id) => Promise<void>;
  extra?: (row: RoleNode) => ReactNode;
}

/** The kit's 操作 column (编辑, 删除, then 权限), without 删除 on the built-in roles. */
export function roleActionsColumn({ onDelete, ...options }: ActionOptions): ColumnType<RoleNode> | null {
  const withDelete = actionsColumn<RoleNode>({ rowKey: 'id', onDelete, ...options });
  const withoutDelete = actionsColumn<RoleNode>({ rowKey: 'id', ...options });
  if (!withDelete) return null;
  return {
    ...withDelete,
    render: (value: unknown, row: RoleNode, index: number) =>
      isBuiltinRole(row) ? (withoutDelete?.render?.(value, row, index) ?? null) : withDelete.render?.(value, row, index),
  };
}

import { ACTION_TITLES, ALL_ACTIONS, type MenuNode, type RoleItem, type RoleMenu } from '@gw/contracts';
import { Checkbox, Empty, Modal, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useMenuTree } from './api';
import { M } from './messages';
import { BITS, type Grants, coverage, pathsOf, setBits, toGrants, toMenus } from './permissions';

interface Props {
  role: RoleItem;
  onClose: () => void;
  /** Resolve to close, reject to stay open (the request client has said why). */
  onSave: (menus: RoleMenu[]) => Promise<unknown>;
  saving: boolean;
}

/**
 * 权限: the whole menu tree with 查询 / 增加 / 修改 / 删除 / 导出 and 全选 per menu, and a global 全选. A parent's
 * box applies to everything below it and shows mixed when its subtree is.
 */
export function PermissionDialog({ role, onClose, onSave, saving }: Props) {
  const tree = useMenuTree();
  const [grants, setGrants] = useState<Grants>(() => toGrants(role.menus));

  const box = (paths: string[], mask: number, label: string, text?: string) => {
    const state = coverage(grants, paths, mask);
    return (
      <Checkbox
        aria-label={label}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        onChange={(e) => setGrants((current) => setBits(current, paths, mask, e.target.checked))}
      >
        {text}
      </Checkbox>
    );
  };
  const columns: ColumnsType<MenuNode> = [
    { key: 'title', dataIndex: 'title', title: M.menu },
    ...BITS.map(([action, bit]) => ({
      key: action,
      title: ACTION_TITLES[action],
      width: 72,
      render: (_: unknown, node: MenuNode) => box(pathsOf([node]), bit, `${node.title} ${ACTION_TITLES[action]}`),
    })),
    { key: 'all', title: M.all, width: 72, render: (_: unknown, node: MenuNode) => box(pathsOf([node]), ALL_ACTIONS, `${node.title} ${M.all}`) },
  ];

  const nodes = tree.data ?? [];
  const body = tree.isPending ? (
    <Spin />
  ) : nodes.length ? (
    <>
      {box(pathsOf(nodes), ALL_ACTIONS, M.all, M.all)}
      <Table<MenuNode>
        rowKey="path"
        size="small"
        columns={columns}
        dataSource={nodes}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        scroll={{ y: 480 }}
        style={{ marginTop: 8 }}
      />
    </>
  ) : (
    <Empty description={M.noMenus} />
  );

  return (
    <Modal
      open
      title={M.permissionTitle(role.name)}
      width={860}
      onCancel={onClose}
      onOk={() => void onSave(toMenus(grants)).then(onClose, () => undefined)}
      confirmLoading={saving}
    >
      {body}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {M.takesEffect}
      </Typography.Paragraph>
    </Modal>
  );
}

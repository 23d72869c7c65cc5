import { ACTION_TITLES, type MenuNode, type RoleItem, type RoleMenu } from '@gw/contracts';
import { Checkbox, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { M } from './messages';
import { BITS, type Grants, type Target, coverage, offersOf, setBits, targetsOf, toGrants, toMenus } from './permissions';

interface Props {
  role: RoleItem;
  /** The menus offered (menusFor: a customers' role is not offered the vendor's own tools). */
  menus: MenuNode[];
  /** Said above the tree (why some menus are not offered). */
  note?: string;
  onClose: () => void;
  /** Resolve to close, reject to stay open (the request client has said why). */
  onSave: (menus: RoleMenu[]) => Promise<unknown>;
  saving: boolean;
}

/**
 * 权限: the menu tree (the contracts' menu table, so always the current one) with, per menu, the actions it offers
 * (查询 / 增加 / 修改 / 删除 / 导出 and its declared ones) and 全选, and a global 全选. A parent's box applies to
 * everything below it that offers the action and shows mixed when its subtree is.
 */
export function PermissionDialog({ role, menus: nodes, note, onClose, onSave, saving }: Props) {
  const [grants, setGrants] = useState<Grants>(() => toGrants(role.menus));
  const offers = useMemo(() => offersOf(nodes), [nodes]);

  const box = (targets: Target[], label: string, text?: string) => {
    const state = coverage(grants, targets);
    return (
      <Checkbox
        aria-label={label}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        onChange={(e) => setGrants((current) => setBits(current, targets, e.target.checked))}
      >
        {text}
      </Checkbox>
    );
  };
  // a column for each action some menu offers; a cell only where its menu (or something below it) offers it
  const offered = [...offers.values()].reduce((all, mask) => all | mask, 0);
  const columns: ColumnsType<MenuNode> = [
    { key: 'title', dataIndex: 'title', title: M.menu },
    ...BITS.filter(([, bit]) => offered & bit).map(([action, bit]) => ({
      key: action,
      title: ACTION_TITLES[action],
      width: 72,
      render: (_: unknown, node: MenuNode) =>
        (offers.get(node.path) ?? 0) & bit ? box(targetsOf([node], offers, bit), `${node.title} ${ACTION_TITLES[action]}`) : null,
    })),
    { key: 'all', title: M.all, width: 72, render: (_: unknown, node: MenuNode) => box(targetsOf([node], offers), `${node.title} ${M.all}`) },
  ];

  const body = (
    <>
      {note && <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>}
      {box(targetsOf(nodes, offers), M.all, M.all)}
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

import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { ROLE_ADMIN, type RoleItem, roleResource } from '@gw/contracts';
import { Button, Flex, Space, Table, Tooltip } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { FormPanel } from '../../components/ResourceTable/FormPanel';
import { RT } from '../../components/ResourceTable/messages';
import { useEditor } from '../../components/ResourceTable/useEditor';
import { useResourceTable } from '../../components/ResourceTable/useResourceTable';
import { useCan } from '../../utils/permission';
import { ROLE_PATH } from './api';
import { isCustomersRole, menusFor } from './permissions';
import { roleActionsColumn, roleColumns, roleTree } from './roleColumns';
import { RoleForm, roleBody } from './RoleForm';
import { M } from './messages';
import { PermissionDialog } from './PermissionDialog';

/** 角色管理: the role tree with member counts, add/edit and the permission dialog. */
export default function RolePage() {
  const can = useCan();
  const allowed = { add: can(ROLE_PATH, 'add'), edit: can(ROLE_PATH, 'edit'), delete: can(ROLE_PATH, 'delete') };
  // the whole tree at once: a tree does not page
  const table = useResourceTable<RoleItem>({ resource: ROLE_PATH, defaultLimit: 1000, defaultSort: 'id', syncUrl: false });
  const tree = useMemo(() => roleTree(table.rows), [table.rows]);
  const editor = useEditor<RoleItem>({ resource: ROLE_PATH, rowKey: 'id', fetchRecord: false, toBody: roleBody, create: table.create, update: table.update });
  const [granting, setGranting] = useState<RoleItem | null>(null);

  // every parent open unless the user folded it
  const [folded, setFolded] = useState<ReadonlySet<Key>>(new Set());
  const parents = useMemo(() => table.rows.filter((row) => table.rows.some((r) => r.parent_id === row.id)).map((row) => row.id), [table.rows]);
  const onExpand = (open: boolean, row: RoleItem) =>
    setFolded((current) => {
      const next = new Set(current);
      if (open) next.delete(row.id);
      else next.add(row.id);
      return next;
    });

  const actions = roleActionsColumn({
    onEdit: allowed.edit ? (row) => void editor.openEdit(row) : undefined,
    loadingId: editor.loadingId,
    onDelete: allowed.delete ? table.remove : undefined,
    extra: allowed.edit
      ? (row) =>
          // role 1 passes every check whatever its menus say: nothing to set
          row.id === ROLE_ADMIN ? (
            <Tooltip title={M.adminHasAll}>
              <Button type="link" size="small" disabled>
                {M.permissions}
              </Button>
            </Tooltip>
          ) : (
            <Button type="link" size="small" onClick={() => setGranting(row)}>
              {M.permissions}
            </Button>
          )
      : undefined,
  });

  return (
    <div>
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          {allowed.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={editor.openAdd}>
              {RT.add}
            </Button>
          )}
        </Space>
        <Tooltip title={RT.refresh}>
          <Button icon={<SyncOutlined />} aria-label={RT.refresh} onClick={table.refetch} />
        </Tooltip>
      </Flex>
      <Table<RoleItem>
        rowKey="id"
        loading={table.loading}
        dataSource={tree}
        columns={actions ? [...roleColumns, actions] : roleColumns}
        pagination={false}
        expandable={{ expandedRowKeys: parents.filter((id) => !folded.has(id)), onExpand }}
        scroll={{ x: 'max-content' }}
      />
      <FormPanel
        key={editor.session}
        mode="modal"
        title={editor.mode === 'edit' ? RT.editTitle(roleResource.title) : RT.addTitle(roleResource.title)}
        open={editor.open}
        onClose={editor.close}
        onSubmit={editor.submit}
        submitting={table.saving}
        initialValues={editor.initialValues}
      >
        {(form) => <RoleForm mode={editor.mode} record={editor.record} form={form} tree={tree} />}
      </FormPanel>
      {granting && (
        <PermissionDialog
          role={granting}
          menus={menusFor(granting, table.rows)}
          note={isCustomersRole(granting, table.rows) ? M.customersRole : undefined}
          onClose={() => setGranting(null)}
          saving={table.saving}
          onSave={(menus) => table.update(granting.id, { menus })}
        />
      )}
    </div>
  );
}

import { Table } from 'antd';
import { useMemo } from 'react';
import { useCan } from '../../utils/permission';
import { actionsColumn, withSortOrder } from './columns';
import { FormPanel } from './FormPanel';
import { RT } from './messages';
import { SearchBar } from './SearchBar';
import { type Allowed, Toolbar } from './Toolbar';
import type { Id, ResourceTableProps } from './types';
import { useColumnSettings } from './useColumnSettings';
import { useEditor } from './useEditor';
import { useResourceTable } from './useResourceTable';

/**
 * A whole resource list page: search bar, toolbar (新增, 批量删除, 导出, 导入, 自动刷新, 刷新, 列设置), the table with
 * 编辑/删除 per row, and the add/edit form. Buttons show only with their permission bit on `resource`.
 *
 * @example
 * // features/config/ConfigForm.tsx — rules from the contracts schema
 * export function ConfigForm({ mode }: ResourceFormProps<Config>) {
 *   return (
 *     <>
 *       <Form.Item name="key" label="键" rules={[{ required: true }, zodRule(configSchema.shape.key)]}><Input disabled={mode === 'edit'} /></Form.Item>
 *       <Form.Item name="value" label="值" rules={[zodRule(configSchema.shape.value)]}><Input.TextArea /></Form.Item>
 *     </>
 *   );
 * }
 * // features/config/ConfigListPage.tsx
 * export default function ConfigListPage() {
 *   return <ResourceTable<Config> resource="/system/config" title="配置" columns={configColumns} form={ConfigForm}
 *     filters={[{ name: 'public', label: '公开', type: 'select', options: [{ label: '是', value: 1 }, { label: '否', value: 0 }] }]} />;
 * }
 */
export function ResourceTable<T extends object>(props: ResourceTableProps<T>) {
  const { resource, title = '', columns, filters, form: Fields, formMode = 'modal', rowKey = 'id', actions = {} } = props;
  const can = useCan();
  const table = useResourceTable<T>({
    resource,
    filters: props.fixedFilters,
    defaultSort: props.defaultSort,
    defaultLimit: props.defaultLimit,
    syncUrl: props.syncUrl,
    rowKey,
  });
  const allowed: Allowed = {
    add: !!Fields && actions.add !== false && can(resource, 'add'),
    edit: !!Fields && actions.edit !== false && can(resource, 'edit'),
    delete: actions.delete !== false && can(resource, 'delete'),
    export: actions.export !== false && can(resource, 'export'),
    // importing creates rows
    import: actions.import !== false && can(resource, 'add'),
  };
  const editor = useEditor<T>({
    resource,
    rowKey,
    fetchRecord: props.fetchRecord ?? true,
    toFormValues: props.toFormValues,
    toBody: props.toBody,
    create: table.create,
    update: table.update,
  });
  const columnState = useColumnSettings(resource, columns);

  const { visibleColumns } = columnState;
  const sort = table.query.sort;
  const rowActions = actionsColumn<T>({
    rowKey,
    onEdit: allowed.edit ? (row) => void editor.openEdit(row) : undefined,
    loadingId: editor.loadingId,
    onDelete: allowed.delete ? table.remove : undefined,
    extra: props.extraRowActions,
  });
  const shown = useMemo(() => withSortOrder(visibleColumns, sort), [visibleColumns, sort]);
  const selected = table.rowSelection.selectedRowKeys as Id[];

  return (
    <div>
      <SearchBar query={table.query} onSearch={table.setQuery} onReset={table.reset} filters={filters} />
      <Toolbar
        resource={resource}
        title={title}
        allowed={allowed}
        onAdd={editor.openAdd}
        selectedCount={selected.length}
        onBulkDelete={() => table.removeMany(selected)}
        filters={table.filters}
        onRefresh={table.refetch}
        autoRefresh={table.autoRefresh}
        setAutoRefresh={table.setAutoRefresh}
        columns={columnState}
        extra={props.extraToolbar}
      />
      <Table<T>
        {...table.tableProps}
        columns={rowActions ? [...shown, rowActions] : shown}
        rowSelection={allowed.delete ? table.rowSelection : undefined}
        scroll={{ x: 'max-content' }}
      />
      {Fields && (
        <FormPanel
          key={editor.session}
          mode={formMode}
          title={editor.mode === 'edit' ? RT.editTitle(title) : RT.addTitle(title)}
          open={editor.open}
          onClose={editor.close}
          onSubmit={editor.submit}
          submitting={table.saving}
          initialValues={editor.initialValues}
          width={props.formWidth}
        >
          {(form) => <Fields mode={editor.mode} record={editor.record} form={form} />}
        </FormPanel>
      )}
    </div>
  );
}

export default ResourceTable;

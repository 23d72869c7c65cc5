import { type Action, dialogTitles } from '@gw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLiveRefetch } from '../../utils/live';
import { toast } from '../../utils/notify';
import { useCan } from '../../utils/permission';
import { resourceApi } from './api';
import type { ResourceListValue } from './context';
import { capabilitiesOf, filtersFrom, sortable, titled } from './descriptor';
import type { ResourceListProps } from './listTypes';
import { RT } from './messages';
import type { Id } from './types';
import { useColumnSettings } from './useColumnSettings';
import { useDetail } from './useDetail';
import { useEditor } from './useEditor';
import { resourceKey, useResourceTable } from './useResourceTable';

/**
 * The controller of a `<ResourceList>`: the headless list (useResourceTable), the add/edit form (useEditor), the
 * permissions on the list's menu, the columns, the row and bulk actions and the detail drawer, in one value. A
 * descriptor supplies the path, title, filters, column titles and sorters and what the resource can do, unless the
 * page says.
 */
export function useResourceList<T extends object>(props: ResourceListProps<T>): ResourceListValue<T> {
  const { descriptor, form, rowKey = 'id', actions = {} } = props;
  const resource = props.resource ?? descriptor!.path;
  const menu = props.menu ?? descriptor?.menu ?? resource;
  const title = props.title ?? descriptor?.title ?? '';
  const userCan = useCan();
  const can = (action: Action) => userCan(menu, action);

  const table = useResourceTable<T>({
    resource,
    filters: props.fixedFilters,
    defaultSort: props.defaultSort ?? descriptor?.defaultSort,
    defaultLimit: props.defaultLimit,
    syncUrl: props.syncUrl,
    rowKey,
    live: props.live,
  });
  useLiveRefetch(props.liveRefetch ?? [], table.refetch);
  const possible = descriptor ? capabilitiesOf(descriptor) : { add: true, edit: true, delete: true, export: true, import: true };
  const on = (key: keyof typeof possible) => possible[key] && actions[key] !== false;
  const allowed = {
    add: !!form && on('add') && can('add'),
    edit: !!form && on('edit') && can('edit'),
    delete: on('delete') && can('delete'),
    export: on('export') && can('export'),
    // importing creates rows
    import: on('import') && can('add'),
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
  const columns = useMemo(() => (descriptor ? sortable(titled(props.columns, descriptor), descriptor) : props.columns), [descriptor, props.columns]);
  // remembered per resource: one machine tool's alarm list (/device/machine/7/alarms) keeps the choice of all of them
  const presentation = { ...descriptor?.list, ...props.presentation };
  const columnSettings = useColumnSettings(descriptor?.path ?? resource, columns, presentation);

  const client = useQueryClient();
  const action = useMutation({
    mutationFn: (send: () => Promise<{ message?: string; data: unknown }>) => send(),
    onSuccess: async (res) => {
      toast.success(res.message || RT.done);
      await client.invalidateQueries({ queryKey: resourceKey(resource) });
    },
  });
  const api = resourceApi<T>(resource);
  const detail = useDetail(props.syncUrl ?? true);
  const idOf = (row: T) => (row as Record<string, unknown>)[rowKey] as Id;
  const permitted = ({ permission }: { permission?: Action }) => !permission || can(permission);

  return {
    ...table,
    resource,
    menu,
    title,
    dialogTitles: dialogTitles({ title, formTitle: props.title ? undefined : descriptor?.formTitle }),
    rowKey,
    idOf,
    can,
    allowed,
    editor,
    form,
    formMode: props.formMode ?? 'modal',
    formWidth: props.formWidth,
    columns: columnSettings,
    cardFields: presentation.card,
    emptyText: presentation.empty ?? RT.empty(title),
    filterFields: props.filters ?? (descriptor ? filtersFrom(descriptor) : undefined),
    dateRange: descriptor ? !!descriptor.dateField : true,
    keywordsHint: descriptor?.keywordsHint,
    selectedIds: table.rowSelection.selectedRowKeys as Id[],
    rowActions: (props.rowActions ?? []).filter(permitted),
    extraRowActions: props.extraRowActions,
    bulkActions: (props.bulkActions ?? []).filter(permitted),
    canDelete: props.canDelete,
    canEdit: props.canEdit,
    deleteConfirm: props.deleteConfirm,
    addRefused: props.addRefused,
    runBulk: async (name, ids, body) => {
      const res = await action.mutateAsync(() => api.bulk(name, ids, body));
      table.rowSelection.onChange([]);
      return res.data;
    },
    runRow: async (name, id, body) => (await action.mutateAsync(() => api.act(id, name, body))).data,
    detail: { id: detail.id, open: detail.open, show: (row) => detail.show(idOf(row)), close: detail.close },
  };
}

import { type FilterDescriptor, labelOf } from '@gw/contracts';
import type { ColumnsType } from 'antd/es/table';
import type { ComponentType } from 'react';
import type { BulkAction, BulkFormProps, ListDescriptor, RowAction } from './listTypes';
import type { FilterField, ResourceActions } from './types';

function fieldOf(name: string, { label, input = { type: 'text' } }: FilterDescriptor): FilterField {
  switch (input.type) {
    case 'select':
      return { name, label, type: 'select', options: [...input.options] };
    case 'dict':
      return { name, label, type: 'dict', category: input.category };
    case 'remote':
      return { name, label, type: 'remote', remote: { url: input.url, labelField: input.labelField, limit: input.limit } };
    case 'company':
      return { name, label, type: 'company' };
    case 'area':
      return { name, label, type: 'area' };
    default:
      return { name, label, type: 'text' };
  }
}

/**
 * The search bar's filters as the descriptor declares them, in its order; hidden ones (set only by links) left out.
 * `refine` changes what the console alone decides for one of them (its width, or options it already holds).
 *
 * @example filtersFrom(deviceResource) // 公司 (company tree), 设备类型 (remote), 是否在线 (select), …
 * @example filtersFrom(operationLogResource, { action: { width: 120 } })
 */
export const filtersFrom = (descriptor: Pick<ListDescriptor, 'filters'>, refine: Record<string, Partial<FilterField>> = {}): FilterField[] =>
  Object.entries(descriptor.filters ?? {})
    .filter(([, filter]) => !filter.hidden)
    .map(([name, filter]) => ({ ...fieldOf(name, filter), ...refine[name] }));

const keyOf = (column: ColumnsType<never>[number]) => String(column.key ?? ('dataIndex' in column ? column.dataIndex : ''));

/** The columns with each missing title taken from the descriptor's labels (by the column's key). */
export function titled<T>(columns: ColumnsType<T>, descriptor: Pick<ListDescriptor, 'labels'>): ColumnsType<T> {
  return columns.map((column) => (column.title === undefined ? { ...column, title: labelOf(descriptor, keyOf(column as ColumnsType<never>[number])) } : column));
}

/** The columns with a server-side sorter on each whose key the descriptor lists as sortable (unless the column says). */
export function sortable<T>(columns: ColumnsType<T>, descriptor: Pick<ListDescriptor, 'sortable'>): ColumnsType<T> {
  return columns.map((column) =>
    column.sorter === undefined && descriptor.sortable.includes(keyOf(column as ColumnsType<never>[number])) ? { ...column, sorter: true } : column,
  );
}

/** What the resource itself can do: add and edit with its write schemas, delete, export and import as declared. */
export function capabilitiesOf(descriptor: ListDescriptor): Required<ResourceActions> {
  return {
    add: !!descriptor.create,
    edit: !!descriptor.update,
    delete: descriptor.deletable ?? !!descriptor.create,
    export: !!descriptor.exportable,
    import: !!descriptor.importable && !!descriptor.create,
  };
}

/**
 * The descriptor's row actions as buttons: each sends `POST {path}/{id}/{name}` after its confirmation, under its
 * permission bit. `then` receives what the server answered (e.g. a new secret to show once). `refine` adds what
 * the console alone decides for one of them: the rows it shows on (`visible`), or the `form` whose values are its
 * body — an action whose body needs input comes only with its form.
 *
 * @example rowActionsFrom(licenseResource, undefined, { revoke: { form: RevokeForm, visible: (l) => l.state !== 'revoked' } })
 */
export function rowActionsFrom<T extends object>(
  descriptor: ListDescriptor,
  then?: Record<string, (data: unknown, row: T) => void>,
  refine: Record<string, Partial<Omit<RowAction<T>, 'key' | 'onClick'>>> = {},
): RowAction<T>[] {
  return Object.entries(descriptor.actions ?? {})
    .filter(([name, action]) => action.target === 'row' && (!action.body || refine[name]?.form))
    .map(([name, action]) => ({
      key: name,
      label: action.title,
      permission: action.permission,
      confirm: action.confirm,
      ...refine[name],
      onClick: async (row, list, values) => {
        // sent first: `then?.[name]?.(await …)` would skip the request itself when there is no `then`
        const data = await list.runRow(name, list.idOf(row), values);
        then?.[name]?.(data, row);
      },
    }));
}

/**
 * The descriptor's bulk actions as toolbar buttons, each sending `POST {path}/{name}` with `{ids, ...values}` under
 * its permission bit; one whose body needs input comes only with its form in `forms`.
 */
export function bulkActionsFrom(descriptor: ListDescriptor, forms: Record<string, ComponentType<BulkFormProps>> = {}): BulkAction[] {
  return Object.entries(descriptor.actions ?? {})
    .filter(([name, action]) => action.target === 'bulk' && (!action.body || forms[name]))
    .map(([name, action]) => ({ key: name, label: action.title, permission: action.permission, confirm: action.confirm, form: forms[name] }));
}

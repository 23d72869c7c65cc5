import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type ItemOf, type ResourceDescriptor, own } from '@gw/contracts';
import type { z } from 'zod';
import { compileLines, detailOf } from './lines.js';
import { compilePageReader } from './page-query.js';
import { defaultSerializer } from './serialize.js';
import { checkMove, checkRemovable, compileTree } from './tree.js';
import type { FilterDef, ResourceDeclaration, ResourceDef, Stored } from './types.js';

/**
 * Resolves a declaration's field names to columns: `columns` first, then the table's column of the same name.
 * A name that finds neither stops the app at start, so a typo in a descriptor never reaches a request.
 */
export function compileResource<TTable extends PgTable, D extends ResourceDescriptor, Decorated = Stored<TTable>>(
  typed: ResourceDeclaration<TTable, D, Decorated>,
): ResourceDef<TTable, ItemOf<D>> {
  // the hooks were typed from this table and descriptor, and the machine hands them exactly such rows and
  // values; it holds them as it holds every resource's, over records
  const declared = typed as unknown as ResourceDeclaration;
  const { resource } = declared;
  const table = typed.table;
  const tableColumns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const columnOf = (name: string, role: string): AnyPgColumn => {
    const column = (declared.columns && own(declared.columns, name)) ?? own(tableColumns, name);
    if (!column) throw new Error(`${resource.path}: ${role} ${name} 不是表的列,请在 columns 中指明`);
    return column;
  };

  const filters: Record<string, FilterDef> = {};
  for (const [name, filter] of Object.entries(resource.filters ?? {})) {
    const where = declared.where && own(declared.where, name);
    filters[name] = { schema: filter.schema, op: filter.op ?? 'eq', ...(where ? { where } : { column: columnOf(name, '筛选') }) };
  }
  const sortable = Object.fromEntries(resource.sortable.map((name) => [name, columnOf(name, '排序')]));

  if (resource.exportable && !declared.sheet?.length) throw new Error(`${resource.path}: 可导出的资源需要声明 sheet`);
  if (!resource.exportable && declared.sheet) throw new Error(`${resource.path}: 声明了 sheet 但描述中不可导出 (exportable)`);
  if (declared.detail && resource.lines) throw new Error(`${resource.path}: 明细 (lines) 与 detail 只能声明其一`);
  if (resource.importable && !resource.create) throw new Error(`${resource.path}: 可导入的资源需要 create`);
  const sheet = declared.sheet?.map((column) => {
    const title = column.title ?? own(resource.labels, column.key);
    if (!title) throw new Error(`${resource.path}: 表格列 ${column.key} 没有标签,请在描述的 labels 中添加`);
    return { ...column, title };
  });

  const def: ResourceDef<TTable, ItemOf<D>> = {
    path: resource.path,
    menu: resource.menu ?? resource.path,
    title: resource.title,
    table,
    id: columnOf('id', '主键'),
    dateColumn: resource.dateField ? columnOf(resource.dateField, '日期') : undefined,
    scopeColumn: declared.scope ? columnOf(declared.scope, '数据范围') : undefined,
    keywords: (declared.keywords ?? []).map((name) => (typeof name === 'string' ? columnOf(name, '关键字') : name)),
    sortable,
    defaultSort: resource.defaultSort,
    filters,
    baseWhere: declared.baseWhere,
    item: typed.resource.item as z.ZodType<ItemOf<D>>,
    detail: declared.detail?.schema ?? detailOf(resource.item, resource.lines),
    readDetail: declared.detail?.read,
    create: resource.create,
    update: resource.update,
    deletable: resource.deletable ?? !!resource.create,
    actions: resource.actions ?? {},
    lines: compileLines(declared, resource.lines),
    importable: !!resource.importable,
    derived: declared.derived,
    selection: { ...tableColumns, ...declared.derived },
    page: compilePageReader(table, declared.derived, { isoTimes: !declared.serialize && !declared.decorate }),
    decorate: declared.decorate,
    serialize: declared.serialize ?? defaultSerializer(resource.item),
    // a serialized row is an item, an object
    present: declared.present as ResourceDef['present'],
    sheet,
    reader: declared.reader,
    checkWrite: declared.checkWrite,
    checkDelete: declared.checkDelete,
    markDeleted: declared.markDeleted,
    toColumns: declared.toColumns,
    afterWrite: declared.afterWrite,
    afterDelete: declared.afterDelete,
    tree: compileTree(declared, columnOf),
  };
  return withTreeChecks(def);
}

/** A tree's move check and delete guard run after the declaration's own, wherever a write runs (routes, import). */
function withTreeChecks<TTable extends PgTable, TItem>(def: ResourceDef<TTable, TItem>): ResourceDef<TTable, TItem> {
  const { tree, checkWrite, checkDelete } = def;
  if (!tree) return def;
  return {
    ...def,
    async checkWrite(req, values, current, tx) {
      await checkWrite?.(req, values, current, tx);
      await checkMove(def, tree, req, values, current, tx);
    },
    async checkDelete(req, current, tx) {
      await checkDelete?.(req, current, tx);
      await checkRemovable(def, tree, current, tx);
    },
  };
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bulkActionsFrom, capabilitiesOf, filtersFrom, sortable, titled } from './descriptor';
import type { ListDescriptor } from './listTypes';

const id = z.coerce.number();
const box: ListDescriptor = {
  path: '/device/device',
  title: '网关设备',
  labels: { name: '设备名称', gateway_id: '设备ID' },
  sortable: ['id'],
  create: z.object({}),
  update: z.object({}),
  exportable: true,
  filters: {
    customer_id: { label: '公司', schema: id, op: 'subtree', input: { type: 'company' } },
    goods_id: { label: '设备类型', schema: id, input: { type: 'remote', url: '/manager/goods', labelField: 'name' } },
    state: { label: '库存状态', schema: z.string(), input: { type: 'dict', category: 'devicestate' } },
    online: { label: '是否在线', schema: z.string(), input: { type: 'select', options: [{ label: '在线', value: 'true' }] } },
    name: { label: '设备名称', schema: z.string() },
    user_id: { label: '用户', schema: id, hidden: true },
  },
  actions: {
    assign: { title: '分配客户', permission: 'assign', target: 'bulk', body: z.object({ customer_id: id }) },
    refresh: { title: '刷新状态', permission: 'query', target: 'bulk' },
    secret: { title: '重置密钥', permission: 'secret', target: 'row' },
  },
};

describe('a descriptor in the console', () => {
  it('gives the search bar its filters in order, each with its input, hidden ones left out', () => {
    expect(filtersFrom(box)).toEqual([
      { name: 'customer_id', label: '公司', type: 'company' },
      { name: 'goods_id', label: '设备类型', type: 'remote', remote: { url: '/manager/goods', labelField: 'name', limit: undefined } },
      { name: 'state', label: '库存状态', type: 'dict', category: 'devicestate' },
      { name: 'online', label: '是否在线', type: 'select', options: [{ label: '在线', value: 'true' }] },
      { name: 'name', label: '设备名称', type: 'text' },
    ]);
  });

  it('lets the console refine one filter’s input', () => {
    const [company, goods] = filtersFrom(box, { goods_id: { type: 'select', options: [{ label: '网关', value: 1 }], width: 120 } });
    expect(company.type).toBe('company');
    expect(goods).toMatchObject({ name: 'goods_id', label: '设备类型', type: 'select', options: [{ label: '网关', value: 1 }], width: 120 });
  });

  it('titles the columns that have none from its labels, by key', () => {
    const columns = titled([{ key: 'name' }, { dataIndex: 'gateway_id' }, { key: 'online', title: '在线' }, { key: 'other' }], box);
    expect(columns.map((column) => column.title)).toEqual(['设备名称', '设备ID', '在线', 'other']);
  });

  it('sorts on the server the columns whose keys it lists as sortable', () => {
    const columns = sortable([{ key: 'id' }, { key: 'name' }, { key: 'gateway_id', sorter: false }], { sortable: ['id', 'gateway_id'] });
    expect(columns.map((column) => column.sorter)).toEqual([true, undefined, false]);
  });

  it('switches on what the resource can do', () => {
    expect(capabilitiesOf(box)).toEqual({ add: true, edit: true, delete: true, export: true, import: false });
    expect(capabilitiesOf({ ...box, create: undefined, update: undefined, exportable: false })).toEqual({ add: false, edit: false, delete: false, export: false, import: false });
    expect(capabilitiesOf({ ...box, create: undefined, deletable: true }).delete).toBe(true);
  });

  it('offers its bulk actions, one needing input only with its form', () => {
    expect(bulkActionsFrom(box).map((action) => action.key)).toEqual(['refresh']);
    const Form = () => null;
    expect(bulkActionsFrom(box, { assign: Form })).toEqual([
      { key: 'assign', label: '分配客户', permission: 'assign', confirm: undefined, form: Form },
      { key: 'refresh', label: '刷新状态', permission: 'query', confirm: undefined, form: undefined },
    ]);
  });
});

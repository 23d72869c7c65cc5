import { describe, expect, it } from 'vitest';
import { readableFilters } from './readableFilters';
import type { FilterField } from './types';

const fields: FilterField[] = [
  { name: 'customer_id', label: '公司', type: 'company' },
  { name: 'goods_id', label: '设备类型', type: 'remote', remote: { url: '/manager/goods', labelField: 'name' } },
  { name: 'tag_id', label: '标签', type: 'remote', remote: { url: '/manager/tag', labelField: 'name' } },
  { name: 'user_id', label: '用户', type: 'remote', remote: { url: '/system/admin_user/companies', labelField: 'company_name' } },
  { name: 'online', label: '是否在线', type: 'select', options: [] },
];

describe('readableFilters', () => {
  it('keeps every filter for a user who may read their sources', () => {
    expect(readableFilters(fields, () => true)).toEqual(fields);
  });

  it('leaves out the company and remote filters whose menu the user may not query, and keeps the rest', () => {
    const can = (menu: string) => menu === '/manager/tag';
    expect(readableFilters(fields, can).map((field) => field.name)).toEqual(['tag_id', 'user_id', 'online']);
  });
});

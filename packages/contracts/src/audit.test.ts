import { describe, expect, it } from 'vitest';
import { AUDITED, AUDIT_TABLES, fieldComment, tableTitle } from './audit.js';
import * as contracts from './index.js';
import type { ResourceDescriptor } from './resource.js';

describe('the operation log’s catalogue of audited tables', () => {
  it('takes every audited resource’s table, title and labels from its descriptor', () => {
    expect(tableTitle('device_tag')).toBe('标签');
    expect(fieldComment('device_tag', 'name')).toBe(contracts.deviceTagResource.labels.name);
    // columns only the log shows, and tables written beside a resource under its record
    expect(fieldComment('admin_user', 'password_hash')).toBe('密码');
    expect(fieldComment('device', 'secret_hash')).toBe('设备密钥');
    expect(tableTitle('sell_order_line')).toBe('出货单明细');
    expect(fieldComment('sell_order_line', 'order_id')).toBe('出货单');
    expect(tableTitle('debug_command')).toBe('调试指令');
    expect(tableTitle('dict_item')).toBe('字典项');
    expect(tableTitle('config')).toBe('通用配置');
    expect(tableTitle('no_such_table')).toBe('no_such_table');
    expect(fieldComment('device', 'no_such_column')).toBe('');
  });

  it('lists every descriptor that declares an audit, and no table twice', () => {
    const declared = Object.values(contracts as Record<string, unknown>).filter(
      (value): value is ResourceDescriptor => typeof value === 'object' && value !== null && 'labels' in value && 'audit' in value,
    );
    for (const descriptor of declared) expect(AUDITED, descriptor.title).toContain(descriptor);
    const tables = AUDITED.flatMap(({ audit }) => [audit!.table, ...Object.keys(audit!.tables ?? {})]);
    expect(new Set(tables).size).toBe(tables.length);
    expect(Object.keys(AUDIT_TABLES)).toEqual(tables);
  });

  it('offers the audited tables, titled, as the operation log’s table filter', () => {
    const filter = contracts.operationLogResource.filters!.table_name.input;
    expect(filter).toMatchObject({ type: 'select' });
    const options = filter!.type === 'select' ? filter!.options : [];
    expect(options).toContainEqual({ label: '进货单明细', value: 'buy_order_line' });
    expect(options).toHaveLength(Object.keys(AUDIT_TABLES).length);
  });
});

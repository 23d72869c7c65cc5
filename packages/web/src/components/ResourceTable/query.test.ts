import { describe, expect, it } from 'vitest';
import { parseQuery, serializeQuery, sortOf, sortOrderOf, toParams } from './query';

const defaults = { limit: 20, sort: '-id' };

describe('list state in the URL', () => {
  it('reads a shared link back into the same view, filters included', () => {
    const query = parseQuery(new URLSearchParams('page=3&limit=50&keywords=机床&start_date=2026-01-01&end_date=2026-01-31&sort=name&status=1'), defaults);
    expect(query).toEqual({ page: 3, limit: 50, keywords: '机床', dateRange: ['2026-01-01', '2026-01-31'], sort: 'name', filters: { status: '1' } });
    expect(parseQuery(serializeQuery(query, defaults), defaults)).toEqual(query);
  });

  it('keeps links short: defaults are left out, and a cleared default sort is written as empty', () => {
    const plain = parseQuery(new URLSearchParams(), defaults);
    expect(plain).toMatchObject({ page: 1, limit: 20, sort: '-id', dateRange: null, filters: {} });
    expect(serializeQuery(plain, defaults).toString()).toBe('');
    const unsorted = { ...plain, sort: undefined };
    expect(serializeQuery(unsorted, defaults).toString()).toBe('sort=');
    expect(parseQuery(new URLSearchParams('sort='), defaults).sort).toBeUndefined();
  });

  it('falls back to the defaults for a page or limit that is not a positive whole number', () => {
    expect(parseQuery(new URLSearchParams('page=-2&limit=abc'), defaults)).toMatchObject({ page: 1, limit: 20 });
  });

  it('sends fixed filters with the query, and the date range as start_date/end_date', () => {
    const query = parseQuery(new URLSearchParams('start_date=2026-02-01&end_date=2026-02-07'), defaults);
    expect(toParams(query, { device_id: 5 })).toEqual({ page: 1, limit: 20, device_id: 5, start_date: '2026-02-01', end_date: '2026-02-07', sort: '-id' });
  });
});

describe('sorting', () => {
  it('maps the antd sorter to field / -field and back to the header arrow', () => {
    expect(sortOf({ columnKey: 'created_at', order: 'descend' })).toBe('-created_at');
    expect(sortOf({ field: 'name', order: 'ascend' })).toBe('name');
    expect(sortOf({ columnKey: 'name', order: undefined })).toBeUndefined();
    expect(sortOrderOf('-created_at', 'created_at')).toBe('descend');
    expect(sortOrderOf('created_at', 'created_at')).toBe('ascend');
    expect(sortOrderOf('created_at', 'name')).toBeNull();
  });
});

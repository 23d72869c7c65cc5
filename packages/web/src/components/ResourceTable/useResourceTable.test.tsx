import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/mockApi';
import { Shell, lastGet, listBody, urlQuery } from './testing';
import { useResourceTable } from './useResourceTable';

const P = '/system/config';
const at = (url: string) => ({ wrapper: ({ children }: { children: ReactNode }) => <Shell url={url}>{children}</Shell> });

afterEach(() => vi.unstubAllGlobals());

describe('useResourceTable', () => {
  it('requests what the URL says and reports rows and total', async () => {
    const { fetchMock } = mockApi({ [`GET ${P}`]: () => listBody(45) });
    const { result } = renderHook(() => useResourceTable({ resource: P, defaultSort: '-id' }), at(`${P}?page=2&keywords=mqtt&status=1`));
    await waitFor(() => expect(result.current.total).toBe(45));
    expect(result.current.rows).toHaveLength(20);
    expect(Object.fromEntries(lastGet(fetchMock, P)!)).toEqual({ page: '2', limit: '20', keywords: 'mqtt', status: '1', sort: '-id' });
    expect(result.current.tableProps.pagination).toMatchObject({ current: 2, pageSize: 20, total: 45 });
  });

  it('maps table paging and sorting into the query, the request and the URL', async () => {
    const { fetchMock } = mockApi({ [`GET ${P}`]: () => listBody(45) });
    const { result } = renderHook(() => useResourceTable({ resource: P }), at(P));
    await waitFor(() => expect(result.current.loading).toBe(false));
    const onChange = result.current.tableProps.onChange!;
    act(() => onChange({ current: 3, pageSize: 20 }, {}, {}, { action: 'paginate', currentDataSource: [] }));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('page')).toBe('3'));
    expect(urlQuery().get('page')).toBe('3');

    act(() => onChange({ current: 3, pageSize: 20 }, {}, { columnKey: 'key', order: 'descend' }, { action: 'sort', currentDataSource: [] }));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('sort')).toBe('-key'));
    expect(urlQuery().get('sort')).toBe('-key');
    expect(urlQuery().get('page')).toBeNull(); // a new order starts from the first page

    act(() => onChange({ current: 1, pageSize: 50 }, {}, {}, { action: 'paginate', currentDataSource: [] }));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('limit')).toBe('50'));
    expect(urlQuery().get('limit')).toBe('50');
  });

  it('keeps ?detail= (the open detail drawer) in the link while paging, and never sends it as a filter', async () => {
    const { fetchMock } = mockApi({ [`GET ${P}`]: () => listBody(45) });
    const { result } = renderHook(() => useResourceTable({ resource: P }), at(`${P}?detail=7`));
    await waitFor(() => expect(result.current.total).toBe(45));
    act(() => result.current.tableProps.onChange!({ current: 2, pageSize: 20 }, {}, {}, { action: 'paginate', currentDataSource: [] }));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('page')).toBe('2'));
    expect(lastGet(fetchMock, P)?.has('detail')).toBe(false);
    expect(urlQuery().toString()).toBe('page=2&detail=7');
  });

  it('leaves the URL alone with syncUrl: false and sends fixed filters', async () => {
    const { fetchMock } = mockApi({ 'GET /device/machine': () => listBody(3) });
    const { result } = renderHook(() => useResourceTable({ resource: '/device/machine', filters: { device_id: 5 }, syncUrl: false }), at('/device/device'));
    await waitFor(() => expect(result.current.total).toBe(3));
    act(() => result.current.setQuery({ keywords: 'fanuc', page: 1 }));
    await waitFor(() => expect(lastGet(fetchMock, '/device/machine')?.get('keywords')).toBe('fanuc'));
    expect(lastGet(fetchMock, '/device/machine')?.get('device_id')).toBe('5');
    expect(urlQuery().toString()).toBe('');
  });

  it('creates, updates and deletes, then fetches the list again', async () => {
    const { calls } = mockApi({
      [`GET ${P}`]: () => listBody(2),
      [`POST ${P}`]: (body) => ok({ id: 9, ...(body as object) }),
      [`PUT ${P}/9`]: (body) => ok({ id: 9, ...(body as object) }),
      [`DELETE ${P}/9`]: () => ok(null),
      [`DELETE ${P}`]: () => ok({ deleted: 2 }),
    });
    const { result } = renderHook(() => useResourceTable({ resource: P }), at(P));
    await waitFor(() => expect(result.current.total).toBe(2));
    const lists = () => calls.filter((c) => c.method === 'GET').length;

    await act(() => result.current.create({ key: 'a' }).then(() => undefined));
    await waitFor(() => expect(lists()).toBe(2));
    await act(() => result.current.update(9, { key: 'b' }).then(() => undefined));
    await waitFor(() => expect(lists()).toBe(3));
    await act(() => result.current.remove(9));
    await waitFor(() => expect(lists()).toBe(4));
    await act(() => result.current.removeMany([1, 2]));
    await waitFor(() => expect(lists()).toBe(5));
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', P, { key: 'a' }],
      ['PUT', `${P}/9`, { key: 'b' }],
      ['DELETE', `${P}/9`, undefined],
      ['DELETE', P, { ids: [1, 2] }],
    ]);
  });

  it('refetches every 10 s while auto-refresh is on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = mockApi({ [`GET ${P}`]: () => listBody(1) });
      const { result } = renderHook(() => useResourceTable({ resource: P }), at(P));
      await waitFor(() => expect(result.current.total).toBe(1));
      act(() => result.current.setAutoRefresh(true));
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      await waitFor(() => expect(calls).toHaveLength(2));
      act(() => result.current.setAutoRefresh(false));
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

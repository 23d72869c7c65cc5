import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteSelect } from '.';
import { useRemoteOptions } from './useRemoteOptions';

/** A list endpoint of 250 customers, filtered by `keywords` (or `name`), cut at `limit`. */
const ALL = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, name: `客户${i + 1}` }));
const server = vi.fn(async (url: string, _init?: RequestInit) => {
  const query = new URL(url, 'http://x').searchParams;
  const keyword = query.get('keywords') ?? query.get('name') ?? '';
  const found = ALL.filter((c) => c.name.includes(keyword));
  const body = { code: 200, message: '', data: found.slice(0, Number(query.get('limit'))), count: found.length };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
});
const lastQuery = () => new URL(server.mock.calls.at(-1)![0], 'http://x').searchParams;

beforeEach(() => {
  vi.stubGlobal('fetch', server);
  localStorage.setItem('Custom-Token', 'tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('useRemoteOptions', () => {
  it('asks for 100 items with the extra params and the TOKEN header', async () => {
    const { result } = renderHook(() => useRemoteOptions({ url: '/manager/custom', params: { status: 1 } }));
    await waitFor(() => expect(result.current.items).toHaveLength(100));
    const [url, init] = server.mock.calls[0];
    expect(url).toBe('/custom/api/v1/manager/custom?status=1&limit=100');
    expect((init!.headers as Record<string, string>).TOKEN).toBe('tok');
    expect(result.current.hasMore).toBe(true);
  });

  it('adds 10 per load-more', async () => {
    const { result } = renderHook(() => useRemoteOptions({ url: '/manager/custom' }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(110));
    expect(lastQuery().get('limit')).toBe('110');
  });

  it('searches once typing pauses, under the configured parameter name, from the first page again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { result } = renderHook(() => useRemoteOptions({ url: '/manager/custom', keywordParam: 'name' }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.limit).toBe(110));
    const calls = server.mock.calls.length;
    act(() => {
      result.current.search('客户1');
      result.current.search('客户12');
    });
    expect(server.mock.calls.length).toBe(calls);
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(result.current.keyword).toBe('客户12'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(server.mock.calls.length).toBe(calls + 1);
    expect(lastQuery().get('name')).toBe('客户12');
    expect(lastQuery().get('limit')).toBe('100');
    expect(result.current.hasMore).toBe(false);
  });

  it('reads the list from another field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 200, data: { list: [{ id: 1 }] } }), { headers: { 'content-type': 'application/json' } })),
    );
    const { result } = renderHook(() => useRemoteOptions({ url: '/x', listField: 'data.list' }));
    await waitFor(() => expect(result.current.items).toEqual([{ id: 1 }]));
    expect(result.current.hasMore).toBe(false);
  });
});

describe('RemoteSelect', () => {
  it('shows labels from labelField, hands back valueField and loads more on 加载更多', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { container } = render(<RemoteSelect url="/manager/custom" valueField="id" labelField="name" onChange={onChange} />);
    await user.click(container.querySelector('.ant-select')!);
    await user.click(await screen.findByText('客户2'));
    expect(onChange.mock.calls[0][0]).toBe(2);
    await user.click(container.querySelector('.ant-select')!);
    await user.click(await screen.findByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(lastQuery().get('limit')).toBe('110'));
  });

  it('loads more when the list is scrolled to the bottom', async () => {
    render(<RemoteSelect url="/manager/custom" open />);
    await screen.findByText('客户1');
    fireEvent.scroll(document.querySelector('.ant-select-dropdown-list-holder')!, { target: { scrollTop: 10_000 } });
    await waitFor(() => expect(lastQuery().get('limit')).toBe('110'));
  });
});

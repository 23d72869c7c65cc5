import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteCascader } from '.';

/** 120 organisations, each with one department. */
const ALL = Array.from({ length: 120 }, (_, i) => ({ oid: i + 1, title: `机构${i + 1}`, subs: [{ oid: 1000 + i, title: `部门${i + 1}` }] }));
const server = vi.fn(async (url: string) => {
  const query = new URL(url, 'http://x').searchParams;
  const found = ALL.filter((o) => o.title.includes(query.get('keywords') ?? ''));
  const body = { code: 200, message: '', data: found.slice(0, Number(query.get('limit'))) };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
});
const lastQuery = () => new URL(server.mock.calls.at(-1)![0], 'http://x').searchParams;

beforeEach(() => vi.stubGlobal('fetch', server));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('RemoteCascader', () => {
  it('shows the remote tree through the configured fields and hands back the picked path', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { container } = render(<RemoteCascader url="/org" params={{ type: 2 }} valueField="oid" labelField="title" childrenField="subs" onChange={onChange} />);
    await waitFor(() => expect(server).toHaveBeenCalled());
    expect(lastQuery().get('type')).toBe('2');
    expect(lastQuery().get('limit')).toBe('100');
    await user.click(container.querySelector('.ant-select')!);
    await user.click(await screen.findByText('机构3'));
    await user.click(await screen.findByText('部门3'));
    expect(onChange.mock.calls[0][0]).toEqual([3, 1002]);
  });

  it('fetches ten more on 加载更多', async () => {
    const user = userEvent.setup();
    const { container } = render(<RemoteCascader url="/org" labelField="title" valueField="oid" childrenField="subs" />);
    await user.click(container.querySelector('.ant-select')!);
    await user.click(await screen.findByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(lastQuery().get('limit')).toBe('110'));
  });

  it('searches on the server with the keyword', async () => {
    const user = userEvent.setup();
    const { container } = render(<RemoteCascader url="/org" labelField="title" valueField="oid" childrenField="subs" debounce={0} />);
    await user.click(container.querySelector('.ant-select')!);
    await user.type(container.querySelector('input')!, '机构7');
    await waitFor(() => expect(lastQuery().get('keywords')).toBe('机构7'));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoginLog } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastGet, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import LoginLogPage from './LoginLogPage';
import { twoChars } from '../../test/ui';

const P = '/system/login_log';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.61 Safari/537.36';
const entry = (id: number, username: string, success: boolean, reason: string): LoginLog => ({
  id, customer_id: 7, company_name: '华东精机', user_id: id, username, ip: `10.0.0.${id}`, user_agent: WINDOWS_CHROME, success, reason, created_at: '2026-01-01T00:00:00Z',
});
const rows = [entry(1, 'li', true, 'ok'), entry(2, 'wang', false, 'password')];

let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  fetchMock = mockApi({ [`GET ${P}`]: () => ({ ...ok(rows), count: rows.length }) }).fetchMock;
});
afterEach(() => vi.unstubAllGlobals());

describe('登录日志', () => {
  it('lists attempts with their result and offers only 导出', async () => {
    renderInShell(<LoginLogPage />, P);
    const failed = (await screen.findByText('wang')).closest('tr')!;
    expect(within(failed).getByText('失败: 密码错误')).toBeInTheDocument();
    expect(within(failed).getByText('华东精机')).toBeInTheDocument();
    expect(screen.getByText('li').closest('tr')!.textContent).toContain('成功');
    for (const label of ['新增', '编辑', '删除', '导入']) expect(screen.queryByText(twoChars(label))).toBeNull();
    expect(screen.queryByText('批量删除')).toBeNull();
    expect(screen.queryByText(twoChars('操作'))).toBeNull();
    expect(screen.getByText(twoChars('导出'))).toBeInTheDocument();
  });

  it('names the browser and the system, not the whole User-Agent, which shows on hover', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<LoginLogPage />, P);
    const row = (await screen.findByText('li')).closest('tr')!;
    expect(within(row).getByText('Chrome 126 / Windows 10')).toBeInTheDocument();
    expect(row.textContent).not.toContain('Mozilla');
    expect(screen.getByRole('columnheader', { name: '浏览器与系统' })).toBeInTheDocument();
    await user.hover(within(row).getByText('Chrome 126 / Windows 10'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(WINDOWS_CHROME);
  });

  it('filters by result', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<LoginLogPage />, P);
    await screen.findByText('wang');
    await user.click(screen.getByLabelText('结果'));
    await user.click(await screen.findByTitle('失败'));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('success')).toBe('false'));
  });
});

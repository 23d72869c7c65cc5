import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperationLog } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastGet, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import OperationLogPage from './OperationLogPage';
import { twoChars } from '../../test/ui';

const P = '/system/log';
const log: OperationLog = {
  id: 11, action: 3, table_name: 'customer', table_title: '客户', record_id: '7', user_id: 1, username: 'admin', customer_id: null, ip: '10.0.0.8',
  changes: [
    { key: 'company_name', comment: '公司名称', before: 'B 公司', after: 'B 公司(改)' },
    { key: 'contact', comment: '联系人', before: '王五', after: '王五' },
    { key: 'tags', comment: '标签', before: null, after: ['a', 'b'] },
  ],
  created_at: '2026-01-01T00:00:00Z',
};


let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  fetchMock = mockApi({ [`GET ${P}`]: () => ({ ...ok([log]), count: 1 }) }).fetchMock;
});
afterEach(() => vi.unstubAllGlobals());

describe('操作日志', () => {
  it('is read-only but exportable, and filters by action', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<OperationLogPage />, P);
    const row = (await screen.findByText('10.0.0.8')).closest('tr')!;
    expect(within(row).getByText('修改')).toBeInTheDocument();
    expect(within(row).queryByText(twoChars('编辑'))).toBeNull();
    expect(within(row).queryByText(twoChars('删除'))).toBeNull();
    expect(screen.queryByText(twoChars('新增'))).toBeNull();
    expect(screen.getByText(twoChars('导出'))).toBeInTheDocument();

    await user.click(screen.getByLabelText('操作类型'));
    await user.click(await screen.findByTitle('删除'));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('action')).toBe('2'));
  });

  it('详情 shows key, comment, before and after, changed rows highlighted', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<OperationLogPage />, P);
    const row = (await screen.findByText('10.0.0.8')).closest('tr')!;
    await user.click(within(row).getByText(twoChars('详情')));
    const dialog = (await screen.findByText('操作详情: 客户 #7')).closest<HTMLElement>('.ant-modal')!;
    const changeRow = (key: string) => within(dialog).getByText(key).closest('tr')!;
    expect([...changeRow('company_name').querySelectorAll('td')].map((td) => td.textContent)).toEqual(['company_name', '公司名称', 'B 公司', 'B 公司(改)']);
    expect(changeRow('tags').textContent).toContain('["a","b"]');
    expect(changeRow('company_name').className).toMatch(/changed/);
    expect(changeRow('tags').className).toMatch(/changed/);
    expect(changeRow('contact').className).not.toMatch(/changed/);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import AdminUserPage from './AdminUserPage';
import { dialog, twoChars, writes } from '../../test/ui';

const P = '/system/admin_user';
const li: AdminUser = {
  id: 5, username: 'li', name: '李四', phone: '13800000000', email: 'li@example.com', avatar: '', customer_id: 7, company_name: '华东精机',
  roles: [{ id: 3, name: 'operator' }], enabled: true, wx_openid: '', last_login_at: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};



let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({
    [`GET ${P}`]: () => ({ ...ok([li]), count: 1 }),
    [`GET ${P}/5`]: () => ok(li),
    [`GET ${P}/roles`]: () => ok([{ id: 3, name: 'operator', parent_id: 2 }, { id: 4, name: 'auditor', parent_id: 2 }]),
    [`GET ${P}/companies`]: () => ok([{ id: 7, company_name: '华东精机' }]),
    [`POST ${P}`]: (body) => ok({ ...li, id: 6, ...(body as object) }),
    [`PUT ${P}/5`]: (body) => ok({ ...li, ...(body as object) }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('管理员', () => {
  it('lists users with their company, roles and state, never a password', async () => {
    renderInShell(<AdminUserPage />, P);
    const row = (await screen.findByText('李四')).closest('tr')!;
    expect(within(row).getByText('华东精机')).toBeInTheDocument();
    expect(within(row).getByText('operator')).toBeInTheDocument();
    expect(within(row).getByText('启用')).toBeInTheDocument();
    expect(document.querySelector('thead')!.textContent).not.toContain('密码');
  });

  it('requires a password on add and sends it', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<AdminUserPage />, P);
    await screen.findByText('李四');
    await user.click(screen.getByText(twoChars('新增')));
    await user.click(within(dialog()).getByLabelText('用户名'));
    await user.paste('wang');
    await user.click(within(dialog()).getByText(twoChars('确定')));
    expect(await within(dialog()).findByText('请输入密码')).toBeInTheDocument();
    await user.type(within(dialog()).getByLabelText('密码'), '12345');
    expect(await within(dialog()).findByText('密码至少 6 位')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await user.type(within(dialog()).getByLabelText('密码'), '6');
    await user.click(within(dialog()).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', P, { username: 'wang', customer_id: null, roles: [], enabled: true, password: '123456' }]]));
  });

  it('edits without a password unless one is typed, keeping company and roles', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<AdminUserPage />, P);
    const row = (await screen.findByText('李四')).closest('tr')!;
    await user.click(within(row).getByText(twoChars('编辑')));
    await screen.findByText('留空则不修改');
    expect(within(dialog()).getByLabelText('密码')).toHaveValue('');
    expect(within(dialog()).getByText('华东精机')).toBeInTheDocument();
    expect(within(dialog()).getByText('operator')).toBeInTheDocument();
    // typed and emptied again: still "keep the password"
    await user.type(within(dialog()).getByLabelText('密码'), 'x');
    await user.clear(within(dialog()).getByLabelText('密码'));
    await user.click(within(dialog()).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const [[method, path, body]] = writes(calls);
    expect([method, path]).toEqual(['PUT', `${P}/5`]);
    expect(body).toEqual({ username: 'li', name: '李四', phone: '13800000000', email: 'li@example.com', customer_id: 7, roles: [3], enabled: true });
  });
});

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



const VENDOR_TOOL = '角色 平台运维 含平台自用的菜单 授权生成 (/system/gen_license),不能授予客户公司的用户';

let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({
    [`GET ${P}`]: () => ({ ...ok([li]), count: 1 }),
    [`GET ${P}/5`]: () => ok(li),
    // 华东精机 (7) is a customer company: its users may not hold 平台运维, which grants 授权生成
    [`GET ${P}/roles`]: (_, url) =>
      ok([
        { id: 3, name: 'operator', parent_id: 2, refusal: null },
        { id: 4, name: 'auditor', parent_id: 2, refusal: null },
        { id: 8, name: '平台运维', parent_id: null, refusal: url.searchParams.get('customer_id') === '7' ? VENDOR_TOOL : null },
      ]),
    [`GET ${P}/companies`]: () => ok([{ id: 7, company_name: '华东精机' }, { id: 1, company_name: '平台运营方' }]),
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

  it('offers a customer company’s user only the roles the server accepts, in a dialog named 新增用户', { timeout: 60_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<AdminUserPage />, P);
    await screen.findByText('李四');
    await user.click(screen.getByText(twoChars('新增')));
    expect(within(dialog()).getByText('新增用户')).toBeInTheDocument();
    /** The role dropdown's options: the open dropdown holding 'operator'. */
    const rolesOffered = async () => {
      await user.click(within(dialog()).getByLabelText('角色'));
      const dropdown = (await screen.findAllByTitle('operator')).map((o) => o.closest('.ant-select-dropdown')).find(Boolean)!;
      const listed = [...dropdown.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
      await user.keyboard('{Escape}');
      return listed;
    };
    // no company yet: every role the caller may grant
    expect(await rolesOffered()).toEqual(['operator', 'auditor', '平台运维']);
    await user.click(within(dialog()).getByLabelText('所属公司'));
    await user.click(await screen.findByTitle('华东精机'));
    await waitFor(async () => expect(await rolesOffered()).toEqual(['operator', 'auditor']));
  });

  it('says why a chosen role cannot stay once the company is a customer’s, and sends nothing', { timeout: 60_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<AdminUserPage />, P);
    await screen.findByText('李四');
    await user.click(screen.getByText(twoChars('新增')));
    await user.click(within(dialog()).getByLabelText('用户名'));
    await user.paste('wang');
    await user.type(within(dialog()).getByLabelText('密码'), '123456');
    await user.click(within(dialog()).getByLabelText('角色'));
    await user.click(await screen.findByTitle('平台运维'));
    await user.keyboard('{Escape}');
    await user.click(within(dialog()).getByLabelText('所属公司'));
    await user.click(await screen.findByTitle('华东精机'));
    await within(dialog()).findByTitle('华东精机');
    await user.click(within(dialog()).getByText(twoChars('确定')));
    expect(await within(dialog()).findByText(VENDOR_TOOL)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
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

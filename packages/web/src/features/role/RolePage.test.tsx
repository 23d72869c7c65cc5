import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RoleItem, flattenMenus } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import RolePage from './RolePage';
import { twoChars, writes } from '../../test/ui';

const role = (id: number, name: string, parent_id: number | null, extra: Partial<RoleItem> = {}): RoleItem => ({
  id, name, parent_id, description: '', menus: [], member_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...extra,
});
const roles = [
  role(1, 'admin', null),
  role(2, 'customer', null),
  role(3, 'operator', 1, { member_count: 4, menus: [{ menu: '/system/log', action: 1 }] }),
  role(4, 'factory-op', 2, { menus: [{ menu: '/device/device', action: 1 }] }),
];

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
/** The permission dialog's checkbox labelled `label` (a plain selector: role queries are slow over a whole tree table). */
const findBox = (label: string) => document.querySelector<HTMLInputElement>(`input[type="checkbox"][aria-label="${label}"]`);
const box = (label: string) => {
  const input = findBox(label);
  if (!input) throw new Error(`no checkbox ${label}`);
  return input;
};


let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({
    'GET /system/role': () => ({ ...ok(roles), count: roles.length }),
    'PUT /system/role/3': (body) => ok({ ...roles[2], ...(body as object) }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

async function openPermissions(user: ReturnType<typeof userEvent.setup>, name = 'operator') {
  renderInShell(<RolePage />, '/system/role');
  await screen.findByText(name);
  await user.click(within(rowOf(name)).getByText(twoChars('权限')));
  await screen.findByText(`设置权限: ${name}`);
}

const saveDialog = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(within(screen.getByText('设置权限: operator').closest<HTMLElement>('.ant-modal')!).getByText(twoChars('确定')));

describe('角色管理', () => {
  it('shows the roles as a tree with member counts, and no 删除 on roles 1 and 2', async () => {
    renderInShell(<RolePage />, '/system/role');
    await screen.findByText('operator');
    expect(within(rowOf('operator')).getByText('4 人')).toBeInTheDocument();
    expect(rowOf('operator')).toHaveClass('ant-table-row-level-1');
    expect(within(rowOf('admin')).queryByText(twoChars('删除'))).toBeNull();
    expect(within(rowOf('customer')).queryByText(twoChars('删除'))).toBeNull();
    expect(within(rowOf('operator')).getByText(twoChars('删除'))).toBeInTheDocument();
  });

  it('offers per menu only the actions it has: 操作日志 查询 and 导出, 角色管理 no 导出', async () => {
    const user = userEvent.setup({ delay: null });
    await openPermissions(user);
    expect(box('操作日志 查询')).toBeChecked();
    expect(findBox('操作日志 删除')).toBeNull();
    expect(findBox('操作日志 增加')).toBeNull();
    expect(findBox('角色管理 导出')).toBeNull();
    expect(box('角色管理 删除')).not.toBeChecked();
    // the group offers what its pages offer
    expect(box('系统管理 导出')).not.toBeChecked();
  });

  it('toggles action bits and a menu’s 全选, and saves the role with the right menus', async () => {
    const user = userEvent.setup({ delay: null });
    await openPermissions(user);
    await user.click(box('操作日志 导出'));
    await user.click(box('角色管理 全选'));
    expect(box('角色管理 删除')).toBeChecked();
    // the parent's box shows its subtree is mixed
    expect(box('系统管理 查询')).not.toBeChecked();
    expect(box('系统管理 查询').closest('.ant-checkbox')).toHaveClass('ant-checkbox-indeterminate');
    await saveDialog(user);
    await waitFor(() =>
      expect(writes(calls)).toEqual([['PUT', '/system/role/3', { menus: [{ menu: '/system/log', action: 17 }, { menu: '/system/role', action: 15 }] }]]),
    );
    await waitFor(() => expect(screen.queryByText('设置权限: operator')).toBeNull());
  });

  it('grants everything with the global 全选 and a subtree with its parent’s box', async () => {
    const user = userEvent.setup({ delay: null });
    await openPermissions(user);
    await user.click(box('系统管理 导出'));
    expect(box('操作日志 导出')).toBeChecked();
    expect(box('系统管理 导出')).toBeChecked();
    await user.click(box('全选'));
    await saveDialog(user);
    // each menu gets what it offers: the group all five and 远程会话's 审批 (256), 操作日志 查询+导出, 角色管理 all but 导出
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const [[, path, body]] = writes(calls) as [[string, string, { menus: { menu: string; action: number }[] }]];
    expect(path).toBe('/system/role/3');
    expect(body.menus).toEqual(expect.arrayContaining([{ menu: '/system/log', action: 17 }, { menu: '/system', action: 287 }, { menu: '/system/role', action: 15 }]));
    expect(body.menus).toHaveLength(flattenMenus().length);
  });

  it('lists the console’s current menus without asking the server for them', async () => {
    const user = userEvent.setup({ delay: null });
    await openPermissions(user);
    expect(box('网关设备 打标签')).not.toBeChecked();
    expect(box('授权生成 增加')).not.toBeChecked();
    expect(calls.some((call) => call.path.includes('/system/role/menus'))).toBe(false);
  });

  it('offers a role under 客户 none of the vendor’s own tools, and says so', async () => {
    const user = userEvent.setup({ delay: null });
    await openPermissions(user, 'factory-op');
    expect(box('网关设备 查询')).toBeChecked();
    expect(findBox('授权生成 查询')).toBeNull();
    expect(findBox('刷机助手 查询')).toBeNull();
    expect(findBox('角色管理 查询')).toBeNull();
    expect(findBox('进货管理 查询')).toBeNull();
    expect(box('管理员 增加')).not.toBeChecked();
    expect(screen.getByText(/客户使用的角色不能获得平台自用的菜单/)).toBeInTheDocument();
  });

  it('offers no permission dialog for the admin role, which has every permission anyway', async () => {
    renderInShell(<RolePage />, '/system/role');
    await screen.findByText('operator');
    expect(within(rowOf('admin')).getByText(twoChars('权限')).closest('button')).toBeDisabled();
    expect(within(rowOf('customer')).getByText(twoChars('权限')).closest('button')).toBeEnabled();
  });

  it('hides 新增, 权限 and 删除 without their permission bits', async () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: '/system/role', action: 1 }] }) });
    renderInShell(<RolePage />, '/system/role');
    await screen.findByText('operator');
    expect(screen.queryByText(twoChars('新增'))).toBeNull();
    expect(screen.queryByText(twoChars('权限'))).toBeNull();
    expect(screen.queryByText(twoChars('删除'))).toBeNull();
  });
});

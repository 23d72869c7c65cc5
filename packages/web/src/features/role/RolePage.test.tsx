import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MenuNode, type RoleItem, menuEntries } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import RolePage from './RolePage';
import { twoChars, writes } from '../../test/ui';

const role = (id: number, name: string, parent_id: number | null, extra: Partial<RoleItem> = {}): RoleItem => ({
  id, name, parent_id, description: '', menus: [], member_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...extra,
});
const roles = [role(1, 'admin', null), role(2, 'customer', null), role(3, 'operator', 2, { member_count: 4, menus: [{ menu: '/system/log', action: 1 }] })];
const menu = (path: string, title: string, parent: string | null, children?: MenuNode[]): MenuNode => ({ path, title, parent, icon: '', sort: 0, hidden: false, children });
const tree = [menu('/system', '系统管理', null, [menu('/system/role', '角色管理', '/system'), menu('/system/log', '操作日志', '/system')])];

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
    'GET /system/role/menus': () => ok(tree),
    'PUT /system/role/3': (body) => ok({ ...roles[2], ...(body as object) }),
    'POST /system/role/sync_menu': () => ({ ...ok(tree), message: '已同步 42 个菜单' }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

async function openPermissions(user: ReturnType<typeof userEvent.setup>) {
  renderInShell(<RolePage />, '/system/role');
  await screen.findByText('operator');
  await user.click(within(rowOf('operator')).getByText(twoChars('权限')));
  await screen.findByText('设置权限: operator');
  await waitFor(() => expect(box('操作日志 查询')).toBeChecked());
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
    // each menu gets what it offers: the group all five, 操作日志 查询+导出, 角色管理 all but 导出
    const all = [
      { menu: '/system/log', action: 17 },
      { menu: '/system', action: 31 },
      { menu: '/system/role', action: 15 },
    ];
    await waitFor(() => expect(writes(calls)).toEqual([['PUT', '/system/role/3', { menus: all }]]));
  });

  it('同步菜单 registers the console’s route tree with Chinese titles and parents', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<RolePage />, '/system/role');
    await screen.findByText('operator');
    await user.click(screen.getByText('同步菜单'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const [[method, path, body]] = writes(calls) as [[string, string, { menus: ReturnType<typeof menuEntries> }]];
    expect([method, path]).toEqual(['POST', '/system/role/sync_menu']);
    expect(body.menus).toContainEqual({ path: '/system/log', title: '操作日志', parent: '/system', icon: 'FileTextOutlined', sort: expect.any(Number), hidden: false });
    expect(body.menus).toContainEqual(expect.objectContaining({ path: '/system', title: '系统管理', parent: null }));
    expect(body.menus).toContainEqual(expect.objectContaining({ path: '/device/machinetool', parent: '/device', hidden: true }));
    expect(body.menus).toHaveLength(menuEntries().length);
    expect(await screen.findByText('已同步 42 个菜单')).toBeInTheDocument();
  });

  it('offers no permission dialog for the admin role, which has every permission anyway', async () => {
    renderInShell(<RolePage />, '/system/role');
    await screen.findByText('operator');
    expect(within(rowOf('admin')).getByText(twoChars('权限')).closest('button')).toBeDisabled();
    expect(within(rowOf('customer')).getByText(twoChars('权限')).closest('button')).toBeEnabled();
  });

  it('hides 新增, 同步菜单, 权限 and 删除 without their permission bits', async () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: '/system/role', action: 1 }] }) });
    renderInShell(<RolePage />, '/system/role');
    await screen.findByText('operator');
    expect(screen.queryByText('同步菜单')).toBeNull();
    expect(screen.queryByText(twoChars('新增'))).toBeNull();
    expect(screen.queryByText(twoChars('权限'))).toBeNull();
    expect(screen.queryByText(twoChars('删除'))).toBeNull();
  });
});

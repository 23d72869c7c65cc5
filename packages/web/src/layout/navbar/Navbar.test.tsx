import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../stores/app';
import { useErrorLogStore } from '../../stores/errorLog';
import { useUserStore } from '../../stores/user';
import { useLayoutStore } from '../store';
import { renderInConsole, resetConsole, testUser } from '../testing';
import { Navbar } from './Navbar';

const logout = vi.fn(() => Promise.resolve());
const switchRole = vi.fn((_id: number) => Promise.resolve());
vi.mock('../../app/hooks', () => ({ useLogout: () => logout, useSwitchRole: () => switchRole }));

async function openMenu(buttonName: string) {
  await userEvent.click(screen.getByRole('button', { name: buttonName }));
  return screen.findByRole('menu');
}

describe('navbar', () => {
  beforeEach(async () => {
    await resetConsole();
    logout.mockClear();
    switchRole.mockClear();
  });

  it('shows the breadcrumb with translated titles, 首页 first and the parent linking to its redirect', () => {
    renderInConsole(<Navbar />, '/system/role');
    const crumbs = screen.getByRole('navigation');
    expect(crumbs).toHaveTextContent('首页/系统管理/角色管理');
    expect(within(crumbs).getByRole('link', { name: '系统管理' })).toHaveAttribute('href', '/system/admin_user');
    expect(within(crumbs).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/dashboard');
    expect(within(crumbs).queryByRole('link', { name: '角色管理' })).toBeNull();
  });

  it('collapses and reopens the sidebar from the hamburger, remembered in the sidebar_status cookie', async () => {
    renderInConsole(<Navbar />);
    await userEvent.click(screen.getByRole('button', { name: '展开/收起侧边栏' }));
    expect(useAppStore.getState().sidebar.opened).toBe(false);
    expect(Cookies.get('sidebar_status')).toBe('0');
    await userEvent.click(screen.getByRole('button', { name: '展开/收起侧边栏' }));
    expect(Cookies.get('sidebar_status')).toBe('1');
  });

  it('offers only 中文 in the language select, disabled while Chinese is in use', async () => {
    renderInConsole(<Navbar />);
    const items = within(await openMenu('语言')).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['中文']);
    expect(items[0]).toHaveAttribute('aria-disabled', 'true');
  });

  it('switches to Chinese from English and says so', async () => {
    await resetConsole({ language: 'en' });
    renderInConsole(<Navbar />);
    await userEvent.click(within(await openMenu('语言')).getByRole('menuitem', { name: '中文' }));
    expect(await screen.findByText('Switch Language Success')).toBeInTheDocument();
    expect(useAppStore.getState().language).toBe('zh');
    expect(Cookies.get('language')).toBe('zh');
  });

  it('warns that the browser does not support full screen when the API is missing', async () => {
    renderInConsole(<Navbar />);
    await userEvent.click(screen.getByRole('button', { name: '全屏' }));
    expect(await screen.findByText('您的浏览器不支持全屏')).toBeInTheDocument();
  });

  it('switches the global size among default / medium / small / mini', async () => {
    renderInConsole(<Navbar />);
    const items = within(await openMenu('布局大小')).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['默认', '中等', '小', '迷你']);
    expect(items[0]).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(items[3]);
    expect(await screen.findByText('布局大小已切换')).toBeInTheDocument();
    expect(useAppStore.getState().size).toBe('mini');
    expect(Cookies.get('size')).toBe('mini');
  });

  it('shows the error-log badge only with logs, lists them and clears them', async () => {
    renderInConsole(<Navbar />);
    expect(screen.queryByRole('button', { name: '错误日志' })).toBeNull();
    act(() =>
      useErrorLogStore.getState().addErrorLog({
        err: { message: 'boom', stack: 'Error: boom\n    at Bomb' },
        info: 'window.onerror',
        url: 'http://localhost/custom/system/role',
        time: 1,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: '错误日志' }));
    const dialog = await screen.findByRole('dialog');
    for (const text of ['boom', 'window.onerror', 'http://localhost/custom/system/role', /at Bomb/]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    await userEvent.click(within(dialog).getByRole('button', { name: /清\s*空/ }));
    expect(useErrorLogStore.getState().logs).toEqual([]);
    expect(screen.queryByRole('button', { name: '错误日志' })).toBeNull();
  });

  it('avatar menu: dashboard, profile, theme, size, log out; no role switch with a single role', async () => {
    renderInConsole(<Navbar />, '/system/role');
    expect(screen.getByText('管理员')).toBeInTheDocument();
    const menu = await openMenu('管理员 admin');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['首页', '个人中心', '换肤', '布局大小', '退出登录']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: '个人中心' }));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });

  it('opens the settings drawer from 换肤', async () => {
    renderInConsole(<Navbar />);
    await userEvent.click(within(await openMenu('管理员 admin')).getByRole('menuitem', { name: '换肤' }));
    expect(useLayoutStore.getState().settingsOpen).toBe(true);
  });

  it('switches role through the app when the user holds more than one', async () => {
    useUserStore.setState({ info: { ...testUser, all_roles: [{ id: 1, name: 'admin' }, { id: 2, name: 'customer' }] } });
    renderInConsole(<Navbar />);
    const menu = await openMenu('管理员 admin');
    await userEvent.hover(within(menu).getByRole('menuitem', { name: /切换角色/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'customer' }));
    expect(switchRole).toHaveBeenCalledWith(2);
  });

  it('logs out and lands on /login', async () => {
    renderInConsole(<Navbar />, '/system/role');
    await userEvent.click(within(await openMenu('管理员 admin')).getByRole('menuitem', { name: '退出登录' }));
    expect(logout).toHaveBeenCalledOnce();
    // the page changes once the log-out has answered, after the click's own work
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });
});

import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { asyncRoutes } from '../../app/routes';
import type { AppRoute } from '../../app/route-types';
import { COLORS } from '../../settings';
import { useSettingsStore } from '../../stores/settings';
import { flattenRoutes } from '../routes';
import { renderInConsole, resetConsole } from '../testing';
import { MENU_ICONS } from './icons';
import { buildMenu } from './menu';
import { Sidebar } from './Sidebar';

/** The root menu (open sub-menus are menus too). */
const menu = () => screen.getAllByRole('menu')[0];
const topLevelTitles = () =>
  Array.from(menu().children).map((li) => li.querySelector('.ant-menu-title-content')?.textContent);

describe('sidebar', () => {
  beforeEach(() => resetConsole());

  it('lists the non-hidden routes, the lone Dashboard child standing in for its parent', () => {
    renderInConsole(<Sidebar />);
    expect(topLevelTitles()).toEqual(['首页', '设备管理', '运营管理', '系统管理']);
    expect(screen.queryByText('登录')).toBeNull();
    expect(screen.queryByText('404')).toBeNull();
  });

  it('opens a parent to show its children and navigates on a click', async () => {
    renderInConsole(<Sidebar />);
    expect(screen.queryByText('角色管理')).toBeNull();
    await userEvent.click(screen.getByText('系统管理'));
    await userEvent.click(await screen.findByText('角色管理'));
    expect(screen.getByTestId('location').textContent).toBe('/system/role');
  });

  it('collapses a parent with a single visible child into that child, unless alwaysShow', () => {
    const routes: AppRoute[] = [
      {
        path: '/solo',
        redirect: '/solo/role',
        meta: { title: 'system', icon: 'SettingOutlined' },
        children: [
          { path: '/solo/role', meta: { title: 'role' } },
          { path: '/solo/hidden', hidden: true, meta: { title: 'log' } },
        ],
      },
      { path: '/kept', alwaysShow: true, meta: { title: 'manager' }, children: [{ path: '/kept/custom', meta: { title: 'custom' } }] },
    ];
    expect(buildMenu(routes)).toEqual([
      { key: '/solo/role', title: 'role', icon: 'SettingOutlined' },
      { key: '/kept', title: 'manager', children: [{ key: '/kept/custom', title: 'custom' }] },
    ]);
  });

  it('hides pages marked hidden and highlights their activeMenu entry instead', () => {
    renderInConsole(<Sidebar />, '/device/machinetool/3');
    expect(screen.queryByText('机床')).toBeNull();
    const selected = menu().querySelector('.ant-menu-item-selected') as HTMLElement;
    expect(within(selected).getByText('网关设备')).toBeInTheDocument();
  });

  it('shows the logo and product title only while sidebarLogo is on', () => {
    renderInConsole(<Sidebar />);
    expect(screen.getByRole('heading', { name: '智能网关管理系统' })).toBeInTheDocument();
    act(() => useSettingsStore.getState().changeSetting('sidebarLogo', false));
    expect(screen.queryByRole('heading', { name: '智能网关管理系统' })).toBeNull();
  });

  it('colours the active text with the theme, or the default #409eff when sidebarTextTheme is off', () => {
    useSettingsStore.getState().changeSetting('theme', '#13c2c2');
    renderInConsole(<Sidebar />);
    const sidebar = screen.getByRole('complementary');
    expect(sidebar.style.getPropertyValue('--menu-active-text')).toBe('#13c2c2');
    act(() => useSettingsStore.getState().changeSetting('sidebarTextTheme', false));
    expect(sidebar.style.getPropertyValue('--menu-active-text')).toBe(COLORS.menuActiveText);
  });

  it('has an icon for every icon the route table names', () => {
    const named = flattenRoutes(asyncRoutes).flatMap((r) => (r.meta?.icon ? [r.meta.icon] : []));
    expect(named.filter((name) => !MENU_ICONS[name])).toEqual([]);
  });
});

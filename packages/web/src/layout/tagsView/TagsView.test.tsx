import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Link } from 'react-router';
import { useLayoutStore } from '../store';
import { renderInConsole, resetConsole } from '../testing';
import { TagsView } from './TagsView';

const tabs = () => within(screen.getByRole('navigation', { name: 'tags-view' })).getAllByRole('link');
const tabTitles = () => tabs().map((t) => t.textContent);
const location = () => screen.getByTestId('location').textContent;

/** Opens 管理员, then 角色管理 (through a link, as from the menu). */
async function openAdminThenRole() {
  renderInConsole(
    <>
      <TagsView />
      <Link to="/system/role">menu: role</Link>
    </>,
    '/system/admin_user',
  );
  await userEvent.click(screen.getByRole('link', { name: 'menu: role' }));
  expect(tabTitles()).toEqual(['首页', '管理员', '角色管理']);
}

async function contextAction(tabName: RegExp, action: string) {
  fireEvent.contextMenu(screen.getByRole('link', { name: tabName }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

describe('tags view', () => {
  beforeEach(() => resetConsole());

  it('pins Dashboard and adds a tab, with its translated title, for each page opened', () => {
    renderInConsole(<TagsView />, '/system/role');
    expect(tabTitles()).toEqual(['首页', '角色管理']);
    expect(screen.getByRole('link', { name: /角色管理/ })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs()[0]).queryByRole('button')).toBeNull();
  });

  it('closing the open tab goes to the last remaining one', async () => {
    await openAdminThenRole();
    expect(location()).toBe('/system/role');
    await userEvent.click(screen.getByRole('button', { name: '关闭 角色管理' }));
    expect(tabTitles()).toEqual(['首页', '管理员']);
    expect(location()).toBe('/system/admin_user');
  });

  it('closing a tab that is not open stays on the page', async () => {
    await openAdminThenRole();
    await userEvent.click(screen.getByRole('button', { name: '关闭 管理员' }));
    expect(tabTitles()).toEqual(['首页', '角色管理']);
    expect(location()).toBe('/system/role');
  });

  it('right-click menu: 关闭其它 keeps Dashboard and the chosen tab, and opens it', async () => {
    await openAdminThenRole();
    await contextAction(/管理员/, '关闭其它');
    expect(tabTitles()).toEqual(['首页', '管理员']);
    expect(location()).toBe('/system/admin_user');
  });

  it('right-click menu: 关闭所有 keeps only Dashboard and goes there', async () => {
    await openAdminThenRole();
    await contextAction(/角色管理/, '关闭所有');
    expect(tabTitles()).toEqual(['首页']);
    expect(location()).toBe('/dashboard');
  });

  it('Dashboard cannot be closed: its menu has no 关闭', async () => {
    renderInConsole(<TagsView />, '/dashboard');
    fireEvent.contextMenu(screen.getByRole('link', { name: '首页' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['刷新', '关闭其它', '关闭所有']);
  });

  it('刷新 re-mounts the page without leaving it', async () => {
    renderInConsole(<TagsView />, '/system/role');
    await contextAction(/角色管理/, '刷新');
    expect(useLayoutStore.getState().refreshKey).toBe(1);
    expect(location()).toBe('/system/role');
  });
});

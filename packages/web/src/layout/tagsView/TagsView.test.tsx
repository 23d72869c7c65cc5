import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Link } from 'react-router';
import { asyncRoutes } from '../../app/routes';
import { usePermissionStore } from '../../stores/permission';
import { useTagsViewStore } from '../../stores/tagsView';
import { useUserStore } from '../../stores/user';
import { useLayoutStore } from '../store';
import { renderInConsole, resetConsole, testUser } from '../testing';
import { revealTab, TagsView } from './TagsView';

const bar = () => screen.getByRole('navigation', { name: '已打开的页面' });
const tabs = () => within(bar()).getAllByRole('link');
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
  beforeEach(async () => {
    sessionStorage.clear();
    await resetConsole();
  });

  it('pins Dashboard and adds a tab, with its translated title, for each page opened', () => {
    renderInConsole(<TagsView />, '/system/role');
    expect(tabTitles()).toEqual(['首页', '角色管理']);
    expect(screen.getByRole('link', { name: /角色管理/ })).toHaveAttribute('aria-current', 'page');
    // the pinned tab has no close button; the others have theirs beside the link, not inside it
    expect(within(bar()).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['关闭 角色管理']);
    for (const tab of tabs()) expect(within(tab).queryByRole('button')).toBeNull();
  });

  it('brings the open tab back into view when the tabs overflow the bar', () => {
    const strip = { scrollLeft: 0, clientWidth: 300, left: 15 };
    const barElement = {
      get scrollLeft() {
        return strip.scrollLeft;
      },
      set scrollLeft(value: number) {
        strip.scrollLeft = value;
      },
      clientWidth: strip.clientWidth,
      getBoundingClientRect: () => ({ left: strip.left }),
    } as unknown as HTMLElement;
    // a tab at 600–680 px along the strip, drawn where the current scroll puts it
    const tab = (from: number) => ({ getBoundingClientRect: () => ({ left: strip.left + from - strip.scrollLeft, width: 80 }) }) as unknown as HTMLElement;

    revealTab(barElement, tab(600));
    expect(strip.scrollLeft).toBe(680 + 24 - 300);
    // already whole in view: nothing moves
    revealTab(barElement, tab(500));
    expect(strip.scrollLeft).toBe(404);
    // left of the view: scrolled back to it
    revealTab(barElement, tab(100));
    expect(strip.scrollLeft).toBe(100 - 24);
  });

  it('brings back the tabs of this user after a reload, only those whose pages the user may still open', async () => {
    const { unmount } = renderInConsole(<TagsView />, '/system/role');
    await userEvent.click(screen.getByRole('link', { name: '首页' }));
    unmount();
    // a reload: the tabs' store starts empty, sessionStorage keeps what was saved
    useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
    renderInConsole(<TagsView />, '/system/log');
    expect(tabTitles()).toEqual(['首页', '角色管理', '操作日志']);
    cleanup();

    // the role lost 角色管理 meanwhile: its tab does not come back
    useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
    usePermissionStore.setState({ addRoutes: asyncRoutes.map((r) => ({ ...r, children: r.children?.filter((c) => c.path !== '/system/role') })) });
    renderInConsole(<TagsView />, '/dashboard');
    expect(tabTitles()).toEqual(['首页', '操作日志']);
    cleanup();

    // another user on this browser tab starts with their own
    useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
    useUserStore.setState({ info: { ...testUser, username: 'operator' } });
    renderInConsole(<TagsView />, '/dashboard');
    expect(tabTitles()).toEqual(['首页']);
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

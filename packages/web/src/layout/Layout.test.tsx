import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentType, Suspense, lazy, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { Layout } from './Layout';
import { useLayoutStore } from './store';
import { renderInConsole, resetConsole } from './testing';

vi.mock('../app/hooks', () => ({ useLogout: () => vi.fn(), useSwitchRole: () => vi.fn() }));

let mounts = 0;
function Page() {
  useEffect(() => {
    mounts += 1;
  }, []);
  return <p>page content</p>;
}

function renderLayout(path = '/system/role') {
  return renderInConsole(
    <Routes>
      <Route element={<Layout />}>
        <Route path="*" element={<Page />} />
      </Route>
    </Routes>,
    path,
  );
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}

describe('layout', () => {
  beforeEach(async () => {
    await resetConsole();
    mounts = 0;
  });
  afterEach(() => setWidth(1024));

  it('frames the page with the sidebar, navbar and tags view', () => {
    renderLayout();
    expect(screen.getByText('page content')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: '侧边栏' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '已打开的页面' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '展开/收起侧边栏' })).toBeInTheDocument();
  });

  it('below 992 px turns mobile and closes the sidebar; the mask closes it again after opening', async () => {
    renderLayout();
    setWidth(800);
    expect(useAppStore.getState().device).toBe('mobile');
    expect(useAppStore.getState().sidebar).toEqual({ opened: false, withoutAnimation: true });
    expect(screen.queryByTestId('sidebar-mask')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '展开/收起侧边栏' }));
    await userEvent.click(screen.getByTestId('sidebar-mask'));
    expect(useAppStore.getState().sidebar.opened).toBe(false);

    setWidth(1200);
    expect(useAppStore.getState().device).toBe('desktop');
  });

  it('hides the tags view and un-fixes the header as the settings say', () => {
    const { container } = renderLayout();
    expect(container.querySelector('.fixed-header')).not.toBeNull();
    act(() => {
      useSettingsStore.getState().changeSetting('tagsView', false);
      useSettingsStore.getState().changeSetting('fixedHeader', false);
    });
    expect(screen.queryByRole('navigation', { name: '已打开的页面' })).toBeNull();
    expect(container.querySelector('.fixed-header')).toBeNull();
  });

  it('offers 跳到主要内容 as the first tab stop, which moves the focus to the page', async () => {
    renderLayout();
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: '跳到主要内容' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toContainElement(screen.getByText('page content'));
    expect(screen.getByTestId('location')).toHaveTextContent('/system/role');
  });

  it('carries a Tab pressed after 跳到主要内容 into the page once the page has loaded', async () => {
    let arrive = () => {};
    const Late = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          arrive = () => resolve({ default: () => <input aria-label="关键词" /> });
        }),
    );
    renderInConsole(
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={<Suspense fallback={null}><Late /></Suspense>} />
        </Route>
      </Routes>,
      '/system/role',
    );
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    // the page is not there yet: the Tab waits on <main> instead of coming round to the skip link
    expect(screen.getByRole('main')).toHaveFocus();
    await act(async () => arrive());
    await waitFor(() => expect(screen.getByRole('textbox', { name: '关键词' })).toHaveFocus());
  });

  it("re-mounts the page on a tab's 刷新", async () => {
    renderLayout();
    expect(mounts).toBe(1);
    fireEvent.contextMenu(screen.getByRole('link', { name: /角色管理/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '刷新' }));
    expect(mounts).toBe(2);
    expect(screen.getByText('page content')).toBeInTheDocument();
  });

  it('opens the settings drawer from the navbar gear and from the avatar menu (换肤); no gear when showSettings is off', async () => {
    const { container } = renderLayout();
    // the gear sits in the header, not floating over the page
    expect(container.querySelector('.navbar')).toContainElement(screen.getByRole('button', { name: '打开布局配置' }));
    await userEvent.click(screen.getByRole('button', { name: '打开布局配置' }));
    expect(await screen.findByText('系统布局配置')).toBeInTheDocument();
    act(() => useLayoutStore.getState().setSettingsOpen(false));

    await userEvent.click(screen.getByRole('button', { name: '管理员 admin' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '换肤' }));
    expect(useLayoutStore.getState().settingsOpen).toBe(true);
    act(() => useSettingsStore.setState({ showSettings: false }));
    expect(screen.queryByRole('button', { name: '打开布局配置' })).toBeNull();
  });
});

import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { ErrorBoundary } from './errorLog';
import './layout.css';
import { Navbar } from './navbar/Navbar';
import { SettingsDrawer } from './settings/SettingsDrawer';
import { Sidebar } from './sidebar/Sidebar';
import { MAIN_ID, SkipLink } from './SkipLink';
import { useLayoutStore } from './store';
import { tabIntoPage } from './tabIntoPage';
import { TagsView } from './tagsView/TagsView';
import { useResponsiveSidebar } from './useResponsiveSidebar';

/** The page itself; re-mounted on navigation and on a tab's 刷新 (the refresh key), errors caught per page. */
function AppMain() {
  const { pathname } = useLocation();
  const refreshKey = useLayoutStore((s) => s.refreshKey);
  return (
    // focusable from the skip link only (tabIndex -1), not a tab stop of its own; a Tab there before the page is
    // loaded waits for it
    <main id={MAIN_ID} className="app-main" tabIndex={-1} onKeyDown={tabIntoPage}>
      <ErrorBoundary key={`${pathname}#${refreshKey}`}>
        <Suspense fallback={<Spin className="app-main-loading" />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </main>
  );
}

/**
 * The console frame around every signed-in page: the skip link, sidebar, header (navbar and tags view, fixed when
 * so set), the page, and the settings panel (opened from the navbar or the avatar menu; nothing floats over the
 * page).
 */
export function Layout() {
  useResponsiveSidebar();
  const sidebar = useAppStore((s) => s.sidebar);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const fixedHeader = useSettingsStore((s) => s.fixedHeader);
  const tagsView = useSettingsStore((s) => s.tagsView);
  const showSettings = useSettingsStore((s) => s.showSettings);

  const classes = [
    'app-wrapper',
    sidebar.opened ? 'openSidebar' : 'hideSidebar',
    sidebar.withoutAnimation && 'withoutAnimation',
    mobile && 'mobile',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <SkipLink />
      {mobile && sidebar.opened && <div className="drawer-bg" data-testid="sidebar-mask" onClick={() => useAppStore.getState().closeSideBar(false)} />}
      <Sidebar />
      <div className="main-container">
        <div className={fixedHeader ? 'layout-header fixed-header' : 'layout-header'}>
          <Navbar />
          {tagsView && <TagsView />}
        </div>
        <AppMain />
      </div>
      {showSettings && <SettingsDrawer />}
    </div>
  );
}

export default Layout;

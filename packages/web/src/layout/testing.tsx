import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { asyncRoutes } from '../app/routes';
import type { AppRoute } from '../app/route-types';
import i18n from '../i18n';
import { DEFAULT_SETTINGS, type Language } from '../settings';
import { useAppStore } from '../stores/app';
import { useErrorLogStore } from '../stores/errorLog';
import { usePermissionStore } from '../stores/permission';
import { useSettingsStore } from '../stores/settings';
import { useTagsViewStore } from '../stores/tagsView';
import { useUserStore } from '../stores/user';
import { userInfo } from '../test/mockApi';
import { useLayoutStore } from './store';

const ADMIN_ROLE = { id: 1, name: 'admin' };

/** Shows where the router is, as a user would read it in the address bar. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** Renders inside antd's App (zh_CN) and a MemoryRouter at `route`, with a probe of the current location. */
export function renderInConsole(ui: ReactNode, route = '/dashboard') {
  return render(
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <MemoryRouter initialEntries={[route]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </AntApp>
    </ConfigProvider>,
  );
}

/** The signed-in user of these tests: the admin, with one role. */
export const testUser = userInfo({ id: 1, username: 'admin', name: '管理员', roles: [ADMIN_ROLE], all_roles: [ADMIN_ROLE], super_user: true });

/** A signed-in desktop session in Chinese with every dynamic route granted and fresh layout state, no saved tabs. */
export async function resetConsole({ routes = asyncRoutes, language = 'zh' }: { routes?: AppRoute[]; language?: Language } = {}) {
  // the tabs saved by an earlier test would come back as after a reload
  sessionStorage.clear();
  useAppStore.setState({ sidebar: { opened: true, withoutAnimation: false }, device: 'desktop', size: 'default', language });
  await i18n.changeLanguage(language);
  usePermissionStore.setState({ addRoutes: routes, generated: true });
  useSettingsStore.setState({ ...DEFAULT_SETTINGS });
  useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
  useErrorLogStore.setState({ logs: [] });
  useLayoutStore.setState({ refreshKey: 0, settingsOpen: false });
  useUserStore.setState({ token: 't', roles: ['admin'], info: testUser });
}

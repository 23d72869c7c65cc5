import { menuTitles } from '@gw/contracts';
import type { Messages } from './zh';

export const en: Messages = {
  // the fixed pages', then those of the menus and the pages beside them, from the menu table
  route: {
    login: 'Login',
    page404: '404',
    page401: '401',
    dashboard: 'Dashboard',
    ...menuTitles('en'),
  },
  navbar: {
    dashboard: 'Dashboard',
    logOut: 'Log Out',
    profile: 'Profile',
    theme: 'Theme',
    size: 'Global Size',
    switchRole: 'Switch Role',
  },
  tagsView: { refresh: 'Refresh', close: 'Close', closeOthers: 'Close Others', closeAll: 'Close All' },
  settings: {
    title: 'Page style setting',
    theme: 'Theme Color',
    tagsView: 'Open Tags-View',
    fixedHeader: 'Fixed Header',
    sidebarLogo: 'Sidebar Logo',
    sidebarTextTheme: 'Sidebar Text Theme',
  },
  size: { default: 'Default', medium: 'Medium', small: 'Small', mini: 'Mini' },
};

import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useMemo, useState, type CSSProperties } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { COLORS } from '../../settings';
import { useAppStore } from '../../stores/app';
import { useSettingsStore } from '../../stores/settings';
import { LAYOUT_TEXT } from '../messages';
import { findRouteChain, useLayoutRoutes, useRouteTitle } from '../routes';
import { menuIcon } from './icons';
import { Logo } from './Logo';
import { buildMenu, parentKeys, type MenuEntry } from './menu';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** Colours of the original console's sidebar (#304156 / #bfcbd9), besides the three menu colours in COLORS. */
const SUB_MENU_BG = '#1f2d3d';
const HOVER_BG = '#263445';

/** The page the sidebar highlights: the route's `activeMenu` (hidden pages) or the path itself. */
function useActiveMenu(): string {
  const routes = useLayoutRoutes();
  const { pathname } = useLocation();
  return findRouteChain(routes, pathname).at(-1)?.meta?.activeMenu ?? pathname;
}

/**
 * The sub-menus that are open: the user opens and closes them, and navigating to a page opens the ones leading
 * to it (adjusted during render rather than in an effect, so the menu never paints closed first).
 */
function useOpenKeys(entries: MenuEntry[], active: string) {
  const [state, setState] = useState(() => ({ entries, active, keys: parentKeys(entries, active) }));
  if (state.active !== active || state.entries !== entries) {
    setState({ entries, active, keys: [...new Set([...state.keys, ...parentKeys(entries, active)])] });
  }
  return [state.keys, (keys: string[]) => setState({ entries, active, keys })] as const;
}

/** The left menu: permitted, non-hidden routes with their icons and translated titles. */
export function Sidebar() {
  const routes = useLayoutRoutes();
  const entries = useMemo(() => buildMenu(routes), [routes]);
  const active = useActiveMenu();
  const [openKeys, setOpenKeys] = useOpenKeys(entries, active);
  const navigate = useNavigate();
  const title = useRouteTitle();
  const opened = useAppStore((s) => s.sidebar.opened);
  const { sidebarLogo, sidebarTextTheme, theme } = useSettingsStore(
    useShallow((s) => ({ sidebarLogo: s.sidebarLogo, sidebarTextTheme: s.sidebarTextTheme, theme: s.theme })),
  );
  const activeText = sidebarTextTheme ? theme : COLORS.menuActiveText;

  const toItems = (list: MenuEntry[]): MenuItem[] =>
    list.map((e) => ({ key: e.key, icon: menuIcon(e.icon), label: title(e.title), children: e.children && toItems(e.children) }));

  const menuTheme = {
    components: {
      Menu: {
        darkItemBg: COLORS.menuBg,
        darkPopupBg: COLORS.menuBg,
        darkSubMenuItemBg: SUB_MENU_BG,
        darkItemColor: COLORS.menuText,
        darkItemHoverColor: COLORS.menuText,
        darkItemHoverBg: HOVER_BG,
        darkItemSelectedBg: 'transparent',
        darkItemSelectedColor: activeText,
        // the focus ring in white on the dark menu (11:1 against #304156; the theme's ink would vanish here)
        colorPrimaryBorder: '#ffffff',
      },
    },
  };
  const style = { background: COLORS.menuBg, '--menu-active-text': activeText, '--focus-ring': '#ffffff' } as CSSProperties;

  return (
    <aside className="sidebar-container" style={style} aria-label={LAYOUT_TEXT.sidebar}>
      {sidebarLogo && <Logo collapsed={!opened} />}
      <ConfigProvider theme={menuTheme}>
        <Menu
          className="sidebar-menu"
          mode="inline"
          theme="dark"
          inlineCollapsed={!opened}
          selectedKeys={[active]}
          // a collapsed inline menu shows sub-menus as pop-ups: controlling openKeys then would pin them open
          {...(opened ? { openKeys, onOpenChange: setOpenKeys } : {})}
          items={toItems(entries)}
          onClick={({ key }) => void navigate(key)}
        />
      </ConfigProvider>
    </aside>
  );
}

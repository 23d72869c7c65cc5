import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useAppStore } from '../../stores/app';
import { LAYOUT_TEXT } from '../messages';

/** Opens and collapses the sidebar; the app store remembers the choice in the sidebar_status cookie. */
export function Hamburger() {
  const opened = useAppStore((s) => s.sidebar.opened);
  return (
    <button type="button" className="hamburger navbar-button" aria-label={LAYOUT_TEXT.toggleSidebar} aria-expanded={opened} onClick={() => useAppStore.getState().toggleSideBar()}>
      {opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
    </button>
  );
}

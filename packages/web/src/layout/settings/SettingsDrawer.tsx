import { SettingOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { LAYOUT_TEXT } from '../messages';
import { useLayoutStore } from '../store';

// the colour picker is heavy and rarely opened: load the panel on first use
const SettingsPanel = lazy(() => import('./SettingsPanel'));

const open = () => useLayoutStore.getState().setSettingsOpen(true);

/**
 * The navbar's gear that opens 系统布局配置. It sits in the header with the other tools: a handle floating at the
 * page's edge covered row actions and column headers at every width.
 */
export function SettingsButton() {
  return (
    <button type="button" className="navbar-button" aria-label={LAYOUT_TEXT.openSettings} title={LAYOUT_TEXT.openSettings} onClick={open}>
      <SettingOutlined />
    </button>
  );
}

/** The panel, loaded once it is first opened (from the gear or the avatar menu's 换肤). */
export function SettingsDrawer() {
  const opened = useLayoutStore((s) => s.settingsOpen);
  const [used, setUsed] = useState(opened);
  if (opened && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <SettingsPanel />
    </Suspense>
  ) : null;
}

import { SettingOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useSettingsStore } from '../../stores/settings';
import { LAYOUT_TEXT } from '../messages';
import { useLayoutStore } from '../store';

// the colour picker is heavy and rarely opened: load the panel on first use
const SettingsPanel = lazy(() => import('./SettingsPanel'));

/** The right-hand settings handle and, once opened (here or from 换肤), the panel. */
export function SettingsDrawer() {
  const theme = useSettingsStore((s) => s.theme);
  const open = useLayoutStore((s) => s.settingsOpen);
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);

  return (
    <>
      <button
        type="button"
        className="settings-handle"
        style={{ background: theme }}
        aria-label={LAYOUT_TEXT.openSettings}
        onClick={() => useLayoutStore.getState().setSettingsOpen(true)}
      >
        <SettingOutlined />
      </button>
      {used && (
        <Suspense fallback={null}>
          <SettingsPanel />
        </Suspense>
      )}
    </>
  );
}

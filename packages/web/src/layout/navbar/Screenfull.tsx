import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App } from 'antd';
import screenfull from 'screenfull';
import { useSyncExternalStore } from 'react';
import { LAYOUT_TEXT } from '../messages';

function subscribe(onChange: () => void) {
  if (!screenfull.isEnabled) return () => {};
  screenfull.on('change', onChange);
  return () => screenfull.off('change', onChange);
}
const isFullscreen = () => screenfull.isEnabled && screenfull.isFullscreen;

/** Toggles full screen; a browser without the Fullscreen API gets a warning instead. */
export function Screenfull() {
  const { message } = App.useApp();
  const full = useSyncExternalStore(subscribe, isFullscreen);
  const toggle = () => {
    if (!screenfull.isEnabled) {
      void message.warning(LAYOUT_TEXT.fullscreenUnsupported);
      return;
    }
    void screenfull.toggle();
  };
  return (
    <button type="button" className="navbar-button" aria-label={full ? LAYOUT_TEXT.exitFullscreen : LAYOUT_TEXT.fullscreen} onClick={toggle}>
      {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
    </button>
  );
}

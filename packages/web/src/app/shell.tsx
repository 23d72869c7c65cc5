import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import { useLocation } from 'react-router';
import { inkOf } from '../layout/ink';
import { useSettingsStore } from '../stores/settings';
import { LOGIN_PATH } from './paths';
import { ProgressFallback } from './progress';

// antd's providers, loaded for every page but a first login page: a phone opens that one first, and antd's shared
// code was most of the script time before its form showed
let antdLoaded = false;
const Providers = lazy(() =>
  import('./providers').then((module) => {
    antdLoaded = true;
    return { default: module.Providers };
  }),
);

/**
 * The theme's ink for what is drawn outside antd — the focus ring (global.css) and the login page's button — on
 * the root element, so that it also reaches what antd draws at the end of the page (dialogs, dropdowns).
 */
function useThemeInk(): void {
  const colour = useSettingsStore((s) => s.theme);
  useEffect(() => {
    const { ink, hover, active } = inkOf(colour);
    const root = document.documentElement.style;
    root.setProperty('--focus-ring', ink);
    root.setProperty('--theme-ink', ink);
    root.setProperty('--theme-ink-hover', hover);
    root.setProperty('--theme-ink-active', active);
  }, [colour]);
}

/**
 * Every page inside antd's providers, but a login page opened before antd was needed, which is drawn without it.
 * Once loaded they stay, the login page included: a toast raised on the way out (a session that could not be
 * loaded, a logout) must still show there, and its code costs nothing any more.
 */
export function AppShell({ children }: { children: ReactNode }) {
  useThemeInk();
  const { pathname } = useLocation();
  if (pathname === LOGIN_PATH && !antdLoaded) return children;
  return (
    <Suspense fallback={<ProgressFallback />}>
      <Providers>{children}</Providers>
    </Suspense>
  );
}

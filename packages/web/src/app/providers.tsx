import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ConfigProviderProps, type ThemeConfig, message, theme } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { antdTheme, inkOf } from '../layout/theme';
import type { Size } from '../settings';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { setMessageInstance } from '../utils/notify';

/**
 * The four sizes of the size select (default, medium, small, mini) on antd's three: default and medium are antd's
 * medium, small and mini its small; medium and mini add the compact algorithm, so each step is visibly tighter
 * than the last.
 */
export function sizeConfig(size: Size): { componentSize: ConfigProviderProps['componentSize']; compact: boolean } {
  switch (size) {
    case 'medium':
      return { componentSize: 'medium', compact: true };
    case 'small':
      return { componentSize: 'small', compact: false };
    case 'mini':
      return { componentSize: 'small', compact: true };
    default:
      return { componentSize: 'medium', compact: false };
  }
}

/** Server data cache. The request client already toasts failures, so a retry would toast twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

const bridged: MessageInstance[] = [];

/**
 * Hands this context-aware message API to code outside React (the request client's toasts) while mounted; the
 * one mounted before it takes over again when it goes. The root has one, and the frame hands over antd App's,
 * so that inside the frame every toast stacks in one place.
 * @example const { message } = App.useApp(); useMessageBridge(message);
 */
export function useMessageBridge(api: MessageInstance): void {
  useEffect(() => {
    bridged.push(api);
    setMessageInstance(api);
    return () => {
      bridged.splice(bridged.lastIndexOf(api), 1);
      setMessageInstance(bridged.at(-1) ?? message);
    };
  }, [api]);
}

/** The toasts of pages outside the frame (login, 404), themed like the rest. */
function RootToasts() {
  const [api, holder] = message.useMessage();
  useMessageBridge(api);
  return holder;
}

/**
 * Text in antd's font, colour and size, as antd's App gives its children. App itself waits for the frame
 * (LayoutFrame): its modal hook alone would bring antd's Modal onto the login page.
 */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const style = { color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily };
  return <div style={style}>{children}</div>;
}

/**
 * The focus ring of everything outside antd (global.css) in the theme's ink, and the ink itself for what is drawn
 * without antd (the login page's button), on the root element so that it also reaches what antd draws at the end
 * of the page (dialogs, dropdowns).
 */
function useFocusRing(colour: string): void {
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
 * Everything a page needs around it: antd in Chinese with the chosen colour (and the readable shades of it that
 * text uses, layout/theme.ts) and size, toasts, query cache.
 */
export function Providers({ children }: { children: ReactNode }) {
  const colour = useSettingsStore((s) => s.theme);
  const size = useAppStore((s) => s.size);
  const [queryClient] = useState(createQueryClient);
  const { componentSize, compact } = sizeConfig(size);
  const themeConfig = useMemo<ThemeConfig>(
    () => ({ ...antdTheme(colour), algorithm: compact ? theme.compactAlgorithm : theme.defaultAlgorithm }),
    [colour, compact],
  );
  useFocusRing(colour);
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig} componentSize={componentSize}>
      <BaseText>
        <RootToasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </BaseText>
    </ConfigProvider>
  );
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ConfigProviderProps, type ThemeConfig, theme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { Size } from '../settings';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { setMessageInstance } from '../utils/notify';

/**
 * The four sizes of the size select (spec §2) on antd's three: default and medium are antd's medium, small and
 * mini its small; medium and mini add the compact algorithm, so each step is visibly tighter than the last.
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

/** Hands antd's context-aware message API to code outside React (the request client's toasts). */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => setMessageInstance(message), [message]);
  return null;
}

/** Everything a page needs around it: antd in Chinese with the chosen colour and size, toasts, query cache. */
export function Providers({ children }: { children: ReactNode }) {
  const colorPrimary = useSettingsStore((s) => s.theme);
  const size = useAppStore((s) => s.size);
  const [queryClient] = useState(createQueryClient);
  const { componentSize, compact } = sizeConfig(size);
  const themeConfig = useMemo<ThemeConfig>(
    () => ({ token: { colorPrimary }, algorithm: compact ? theme.compactAlgorithm : theme.defaultAlgorithm }),
    [colorPrimary, compact],
  );
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig} componentSize={componentSize}>
      <AntApp>
        <MessageBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

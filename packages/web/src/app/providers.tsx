import { ConfigProvider, type ConfigProviderProps, type ThemeConfig, message, theme } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { antdTheme } from '../layout/theme';
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
      setMessageInstance(bridged.at(-1));
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
 * antd around every page but the login page: in Chinese, with the chosen colour (and the readable shades of it
 * that text uses, layout/theme.ts) and size, and its toasts. Loaded once a page needs it (app/shell.tsx).
 */
export function Providers({ children }: { children: ReactNode }) {
  const colour = useSettingsStore((s) => s.theme);
  const size = useAppStore((s) => s.size);
  const { componentSize, compact } = sizeConfig(size);
  const themeConfig = useMemo<ThemeConfig>(
    () => ({ ...antdTheme(colour), algorithm: compact ? theme.compactAlgorithm : theme.defaultAlgorithm }),
    [colour, compact],
  );
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig} componentSize={componentSize}>
      <BaseText>
        <RootToasts />
        {children}
      </BaseText>
    </ConfigProvider>
  );
}

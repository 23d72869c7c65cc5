import Cookies from 'js-cookie';
import { create } from 'zustand';
import { COOKIE, type Language, SIZES, type Size } from '../settings';

export type Device = 'desktop' | 'mobile';

/** Saved language first, then the browser's (en/zh), else en. */
export function initialLanguage(): Language {
  const saved = Cookies.get(COOKIE.language);
  if (saved === 'zh' || saved === 'en') return saved;
  const browser = (navigator.language || '').toLowerCase();
  for (const lang of ['en', 'zh'] as const) if (browser.includes(lang)) return lang;
  return 'en';
}

function initialSize(): Size {
  const saved = Cookies.get(COOKIE.size) as Size | undefined;
  return saved && SIZES.includes(saved) ? saved : 'default';
}

interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  size: Size;
  language: Language;
  toggleSideBar: () => void;
  closeSideBar: (withoutAnimation: boolean) => void;
  toggleDevice: (device: Device) => void;
  setSize: (size: Size) => void;
  setLanguage: (language: Language) => void;
}

/** Sidebar, device mode, global size and language; all but the device mode are kept in cookies. */
export const useAppStore = create<AppState>((set, get) => ({
  sidebar: { opened: Cookies.get(COOKIE.sidebarStatus) !== '0', withoutAnimation: false },
  device: 'desktop',
  size: initialSize(),
  language: initialLanguage(),
  toggleSideBar() {
    const opened = !get().sidebar.opened;
    Cookies.set(COOKIE.sidebarStatus, opened ? '1' : '0');
    set({ sidebar: { opened, withoutAnimation: false } });
  },
  closeSideBar(withoutAnimation) {
    Cookies.set(COOKIE.sidebarStatus, '0');
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  toggleDevice(device) {
    set({ device });
  },
  setSize(size) {
    Cookies.set(COOKIE.size, size);
    set({ size });
  },
  setLanguage(language) {
    Cookies.set(COOKIE.language, language);
    set({ language });
  },
}));

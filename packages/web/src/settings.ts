/** The console's fixed constants (titles, paths, time-outs, storage keys, limits), in one place. */
export const PRODUCT_TITLE = '智能网关管理系统';
export const BASE_PATH = '/custom/';
export const API_BASE = '/custom/api/v1';
export const REQUEST_TIMEOUT_MS = 50_000;
export const ERROR_TOAST_SECONDS = 5;
export const MOBILE_BREAKPOINT_PX = 992;
export const SW_CHECK_INTERVAL_MS = 3_600_000;

export const STORAGE = {
  token: 'Custom-Token',
  dictionary: 'SYSTEM_DICTIONARY',
  departmentTree: 'DEPARTMENT_TREE',
  settings: 'SETTINGS',
  errorLog: 'ERROR_LOG',
  /** The open tabs of the tags bar, in sessionStorage: they come back on a reload of the browser tab. */
  tagsView: 'TAGS_VIEW',
} as const;

export const COOKIE = { sidebarStatus: 'sidebar_status', language: 'language', size: 'size' } as const;

export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];

export const LANGUAGES = ['zh'] as const;
export type Language = 'zh' | 'en';

export const COLORS = {
  theme: '#409EFF',
  themeAlt: '#1890ff',
  menuBg: '#304156',
  menuText: '#bfcbd9',
  menuActiveText: '#409eff',
} as const;

export interface Settings {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  sidebarTextTheme: boolean;
  noCache: boolean;
  /** Record uncaught errors (on in production). */
  errorLog: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: COLORS.theme,
  showSettings: true,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  sidebarTextTheme: true,
  noCache: false,
  errorLog: import.meta.env.PROD,
};

export const REMOTE_LIMIT = 100;
export const REMOTE_LIMIT_STEP = 10;
export const UPLOAD_LIMIT = 1;
export const SCALE = 60;
export const SEARCH = { threshold: 0.4, titleWeight: 0.7, pathWeight: 0.3 } as const;

/**
 * Fixed texts of the layout that are not route titles or i18n menu labels. The two toasts are the exact English
 * texts of the original console family; the interface around them is Chinese.
 */
export const LAYOUT_TEXT = {
  fullscreenUnsupported: '您的浏览器不支持全屏',
  fullscreen: '全屏',
  exitFullscreen: '退出全屏',
  switchSizeSuccess: 'Switch Size Success',
  switchLanguageSuccess: 'Switch Language Success',
  language: '语言',
  languageNames: { zh: '中文' },
  search: '搜索',
  searchPlaceholder: '搜索菜单',
  toggleSidebar: '展开/收起侧边栏',
  openSettings: '打开布局配置',
  errorLog: '错误日志',
  errorLogClear: '清空',
  errorLogColumns: { message: '信息', info: '位置', url: '页面', stack: '堆栈' },
  pageError: '页面出错了',
} as const;

/**
 * Fixed texts of the layout that are not route titles or i18n menu labels, all Chinese but one: the language
 * switch's toast keeps the original console family's English text, which the console's specification fixes (it
 * shows only when switching from English to Chinese).
 */
export const LAYOUT_TEXT = {
  fullscreenUnsupported: '您的浏览器不支持全屏',
  fullscreen: '全屏',
  exitFullscreen: '退出全屏',
  switchSizeSuccess: '布局大小已切换',
  switchLanguageSuccess: 'Switch Language Success',
  language: '语言',
  languageNames: { zh: '中文' },
  search: '搜索',
  searchPlaceholder: '搜索菜单',
  toggleSidebar: '展开/收起侧边栏',
  openSettings: '打开布局配置',
  skipToMain: '跳到主要内容',
  tagsBar: '已打开的页面',
  sidebar: '侧边栏',
  user: '用户',
  errorLog: '错误日志',
  errorLogClear: '清空',
  errorLogColumns: { message: '信息', info: '位置', url: '页面', stack: '堆栈' },
  pageError: '页面出错了',
} as const;

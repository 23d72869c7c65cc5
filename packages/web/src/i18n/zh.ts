import { menuTitles } from '@gw/contracts';

/** Route titles by i18n key: the fixed pages', then those of the menus and the pages beside them, from the menu table. */
const route: Record<string, string> = {
  login: '登录',
  page404: '404',
  page401: '401',
  dashboard: '首页',
  ...menuTitles('zh'),
};

export const zh = {
  route,
  navbar: {
    dashboard: '首页',
    logOut: '退出登录',
    profile: '个人中心',
    theme: '换肤',
    size: '布局大小',
    switchRole: '切换角色',
  },
  tagsView: { refresh: '刷新', close: '关闭', closeOthers: '关闭其它', closeAll: '关闭所有' },
  settings: {
    title: '系统布局配置',
    theme: '主题色',
    tagsView: '显示标签栏',
    fixedHeader: '固定顶栏',
    sidebarLogo: '显示侧边栏标志',
    sidebarTextTheme: '侧边栏文字主题色',
  },
  size: { default: '默认', medium: '中等', small: '小', mini: '迷你' },
};

export type Messages = typeof zh;

/** The error pages' Chinese texts. */
export const ERROR_TEXT = {
  notFoundTitle: '404',
  notFound: '抱歉,您访问的页面不存在。',
  noPermissionTitle: '401',
  noPermission: '您没有权限访问',
  noPermissionHint: '请联系管理员开通权限,或切换到其他角色。',
  home: '返回首页',
  back: '返回',
} as const;

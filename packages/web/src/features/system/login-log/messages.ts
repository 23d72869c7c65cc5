/** The Chinese texts of 登录日志. */
export const M = {
  title: '登录日志',
  company: '公司',
  username: '用户',
  ip: 'IP',
  userAgent: '浏览器 (User-Agent)',
  time: '时间',
  result: '结果',
  success: '成功',
  failure: '失败',
} as const;

/** The result filter, as the server reads `success`. */
export const RESULT_OPTIONS = [
  { label: M.success, value: 'true' },
  { label: M.failure, value: 'false' },
];

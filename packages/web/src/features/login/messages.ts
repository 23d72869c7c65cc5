/** The login screen's Chinese texts. */
export const LOGIN_TEXT = {
  username: '用户名',
  password: '密码',
  captcha: '验证码',
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  captchaRequired: '请输入验证码',
  submit: '登录',
  refreshCaptcha: '看不清?点击刷新',
  captchaLoading: '验证码加载中',
  captchaFailed: '验证码加载失败,点击重试',
  showPassword: '显示密码',
  hidePassword: '隐藏密码',
  submitting: '正在登录…',
} as const;

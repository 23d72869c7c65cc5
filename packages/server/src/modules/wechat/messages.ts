import { WECHAT_BIND_CODE_TTL_SECONDS } from '@gw/contracts';

/** What the 自动回复 and 绑定微信 screens are told. */
export const MSG = {
  vendorOnly: '自动回复由平台统一管理, 客户管理员不能修改',
  codeIssued: `绑定码已生成, 请在 ${WECHAT_BIND_CODE_TTL_SECONDS / 60} 分钟内发送到公众号`,
  codeBusy: '绑定码生成失败, 请稍后重试',
  unbound: '已解绑',
  testBind: '绑定指令 (测试不会绑定)',
} as const;

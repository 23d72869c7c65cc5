/** What 调试代理 says to its users. */
export const MSG = {
  exhausted: (pool: string) => `调试地址池 ${pool} 已用完`,
  badPool: (pool: string) => `配置项 debug_pool 的值 ${pool} 不是有效的 IPv4 网段`,
  hubUnset: (missing: string[]) => `远程访问尚未配置: 缺少 ${missing.join('、')}`,
  keyTaken: '客户端公钥已被使用: 每个客户端须有自己的密钥对',
  notFound: '调试代理',
} as const;

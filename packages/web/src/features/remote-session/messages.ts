/** The Chinese texts of 远程会话 beyond the descriptor's labels (remoteSessionResource). */
export const M = {
  minutes: (minutes: number) => (minutes % 60 ? `${minutes} 分钟` : `${minutes / 60} 小时`),
  system: '系统',
  /** the box column, which shows the box's name with its id */
  box: '设备',
  /** the engineer's WireGuard client (a 调试代理 entry) */
  client: '客户端',
  endedBy: (who: string) => `由 ${who} 结束`,
} as const;

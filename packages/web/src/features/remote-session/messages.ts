/** The Chinese texts of 远程会话 beyond the descriptor's labels (remoteSessionResource). */
export const M = {
  minutes: (minutes: number) => (minutes % 60 ? `${minutes} 分钟` : `${minutes / 60} 小时`),
  system: '系统',
  endedBy: (who: string) => `由 ${who} 结束`,
} as const;

export const MSG = { title: '登录日志', success: '成功', failure: '失败' } as const;

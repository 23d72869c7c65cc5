export const REMOTE_LABELS = { loadMore: '加载更多' } as const;

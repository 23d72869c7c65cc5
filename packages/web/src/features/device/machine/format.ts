/** Seconds as 时/分/秒, the largest two units: 2 小时 5 分, 3 分 20 秒, 45 秒. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h) return m ? `${h} 小时 ${m} 分` : `${h} 小时`;
  if (m) return s % 60 ? `${m} 分 ${s % 60} 秒` : `${m} 分`;
  return `${s} 秒`;
}

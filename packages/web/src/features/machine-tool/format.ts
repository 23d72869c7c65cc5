/** The page and the alarm export read durations alike: 2 小时 5 分, 3 分 20 秒, 45 秒. */
export { formatDuration } from '@gw/contracts';

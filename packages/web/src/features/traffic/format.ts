/** Bytes as B/KB/MB/GB: shared with the firmware pages, so it lives in utils. */
export { formatBytes } from '../../utils/format';

/** A share of the plan as a whole per cent: 1.5 → '150%'; a little but not nothing reads '<1%', not '0%'. */
export const formatRatio = (ratio: number) => (ratio > 0 && ratio < 0.005 ? '<1%' : `${Math.round(ratio * 100)}%`);

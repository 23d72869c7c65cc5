const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * Bytes in the largest unit that keeps the number at 1 or more (1024 apart, as carriers count a SIM plan), two
 * decimals at most: 1536 → '1.5 KB', 3 × 1024³ → '3 GB'.
 */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${UNITS[unit]}`;
}

/** A share of the plan as a whole per cent: 1.5 → '150%'; a little but not nothing reads '<1%', not '0%'. */
export const formatRatio = (ratio: number) => (ratio > 0 && ratio < 0.005 ? '<1%' : `${Math.round(ratio * 100)}%`);

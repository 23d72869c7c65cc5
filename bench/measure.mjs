// Helpers the HTTP benchmarks share.
import { readFileSync } from 'node:fs';

/** CPU seconds a process has used so far (Linux /proc), or NaN elsewhere. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Keys sorted, so two bodies compare by content rather than by key order. */
export const canonical = (body) =>
  JSON.stringify(body, (_key, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y))) : v));

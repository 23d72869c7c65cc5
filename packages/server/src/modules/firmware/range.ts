/** The bytes `start`–`end` (inclusive) of a file, as `Range: bytes=` asked for them. */
export interface ByteRange {
  start: number;
  end: number;
}

const SINGLE = /^bytes=(\d*)-(\d*)$/;

/**
 * The one range of a `Range` header over a file of `size` bytes: null for the whole file (no header, one that is
 * not a single byte range, or an `If-Range` naming another version of the file), 'unsatisfiable' for a range
 * that starts past the end. `bytes=a-b`, `bytes=a-` (to the end) and `bytes=-n` (the last n bytes) are read; a
 * box resuming a download sends `bytes=<what it has>-`.
 */
export function byteRange(header: string | undefined, size: number, ifRange?: string, etag?: string): ByteRange | 'unsatisfiable' | null {
  if (!header || (ifRange !== undefined && ifRange !== etag)) return null;
  const m = SINGLE.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const last = Number(m[2]);
    return last > 0 && size > 0 ? { start: Math.max(0, size - last), end: size - 1 } : 'unsatisfiable';
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  if (m[2] !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** Socket errors of a database connection that could not be made or was cut. */
const NET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/**
 * Whether the database could not be reached (down, restarting, crashed, the network cut): not the caller's fault
 * and not a bug — the same work succeeds once it is back. SQLSTATE class 08 and 57P01–57P03 (shut down, crashed,
 * starting up), the socket's own codes, and node-postgres' words for a connection that ended mid-query; looks
 * through the ORM's wrapping (`cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || /^57P0[123]$/.test(code) || NET_ERRORS.has(code))) return true;
    if (typeof message === 'string' && /^Connection terminated|is not queryable|connection timeout/i.test(message)) return true;
  }
  return false;
}

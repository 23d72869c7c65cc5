/**
 * A name that is safe on disk and in a URL: no folders, no dot-files, no control or shell characters; the
 * original's extension kept for the browser's sake.
 */
export function sanitizeFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // control characters are exactly what must go
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*%#&;$`'\s]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-120);
  return cleaned || 'file';
}

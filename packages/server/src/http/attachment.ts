/**
 * `Content-Disposition: attachment` for a Chinese file name: an ASCII fallback for old clients and the real
 * name as RFC 5987 `filename*` (UTF-8, percent-encoded), which every current browser prefers.
 */
export function attachment(fileName: string): string {
  // non-ASCII, quotes, backslashes and percent signs have no safe plain form
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The content type of the xlsx files the API sends (exports, import templates). */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

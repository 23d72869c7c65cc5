/** A redirect target only when it is a path of this console; anything else (other sites, `//host`) gives '/'. */
export function safeRedirect(value: string | null | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

/**
 * Where a successful login goes: `redirect` (or '/') with the login URL's other query parameters kept.
 * @example afterLoginPath('?redirect=/system/role&tab=2') // '/system/role?tab=2'
 */
export function afterLoginPath(search: string): string {
  const params = new URLSearchParams(search);
  const target = new URL(safeRedirect(params.get('redirect')), 'http://console.invalid');
  params.delete('redirect');
  params.forEach((value, key) => target.searchParams.append(key, value));
  return target.pathname + target.search + target.hash;
}

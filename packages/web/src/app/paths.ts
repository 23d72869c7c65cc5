/** Router basename: the console is served under /custom/. */
export const BASENAME = '/custom';
export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';

/** Reachable without a token. */
export const WHITE_LIST: readonly string[] = [LOGIN_PATH, '/auth-redirect'];

/** `/login?redirect=<wanted>`; slashes stay readable, everything else is encoded. */
export function loginPath(wanted: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(wanted).replace(/%2F/gi, '/')}`;
}

/** The router's path of a location's pathname (without the basename; '/' for the basename itself). */
export function routerPath(pathname: string): string {
  if (pathname === BASENAME) return '/';
  return pathname.startsWith(`${BASENAME}/`) ? pathname.slice(BASENAME.length) : pathname;
}

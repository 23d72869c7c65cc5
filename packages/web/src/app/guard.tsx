import { type ReactNode, Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import { Navigate, useLocation } from 'react-router';
import { usePermissionStore } from '../stores/permission';
import { useUserStore } from '../stores/user';
import { toast } from '../utils/notify';
import { HOME_PATH, LOGIN_PATH, WHITE_LIST, loginPath } from './paths';
import { ProgressFallback, useNavigationProgress } from './progress';

// antd's Alert and Buttons, loaded only when a session fails to load: they are kept off the login page's code
const SessionFailure = lazy(() => import('./SessionFailure').then((module) => ({ default: module.SessionFailure })));
import { clearSession, endsSession, loadSession } from './session';
import { pageTitle } from './title';

export type GuardDecision = { kind: 'render' } | { kind: 'redirect'; to: string } | { kind: 'load' };

export interface GuardSession {
  hasToken: boolean;
  /** A token was already there when this location was entered (logging in on /login does not count). */
  hadTokenOnEntry: boolean;
  hasRoles: boolean;
  routesGenerated: boolean;
}

/**
 * The navigation rules: with a token, opening /login goes home and a session without roles (or
 * routes) is loaded first; without one, only the white list is open and the rest goes to login with a redirect.
 */
export function decideRoute(pathname: string, search: string, session: GuardSession): GuardDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (session.hasToken) {
    if (path === LOGIN_PATH) return session.hadTokenOnEntry ? { kind: 'redirect', to: HOME_PATH } : { kind: 'render' };
    return session.hasRoles && session.routesGenerated ? { kind: 'render' } : { kind: 'load' };
  }
  if (WHITE_LIST.includes(path)) return { kind: 'render' };
  return { kind: 'redirect', to: loginPath(path + search) };
}

/**
 * Loads the session while `active`. A failure that ends the session drops the token (the guard then sends the user
 * to login with the redirect) and says why. Any other failure, such as no network or the request aborted by a
 * reload, keeps the token and is returned for `retry`: logging out a user who pressed F5 would be wrong.
 */
function useSessionLoading(active: boolean): { failure: string | null; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  // a failure belongs to one round of loading; once the session is there (or gone) it is forgotten
  if (!active && failure !== null) setFailure(null);

  useEffect(() => {
    if (!active) return;
    loadSession().catch((error: unknown) => {
      const text = error instanceof Error && error.message ? error.message : 'Has Error';
      if (endsSession(error)) {
        clearSession();
        toast.error(text);
      } else {
        setFailure(text);
      }
    });
  }, [active, attempt]);

  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
  }, []);
  return { failure, retry };
}

/** Applies `decideRoute` to the current location, runs the progress bar and sets the page title. */
export function RouteGuard({ titleKey, children }: { titleKey?: string; children: ReactNode }) {
  const location = useLocation();
  const hasToken = useUserStore((s) => !!s.token);
  const hasRoles = useUserStore((s) => s.roles.length > 0);
  const routesGenerated = usePermissionStore((s) => s.generated);
  const { i18n } = useTranslation();

  const [entry, setEntry] = useState({ key: location.key, hasToken });
  if (entry.key !== location.key) setEntry({ key: location.key, hasToken });
  const hadTokenOnEntry = entry.key === location.key ? entry.hasToken : hasToken;

  const decision = decideRoute(location.pathname, location.search, { hasToken, hadTokenOnEntry, hasRoles, routesGenerated });
  const rendering = decision.kind === 'render';

  useNavigationProgress(location.key);
  const session = useSessionLoading(decision.kind === 'load');

  useEffect(() => {
    if (rendering) document.title = pageTitle(titleKey);
  }, [rendering, titleKey, i18n.language]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load') {
    return session.failure === null ? (
      <ProgressFallback />
    ) : (
      <Suspense fallback={<ProgressFallback />}>
        <SessionFailure error={session.failure} onRetry={session.retry} />
      </Suspense>
    );
  }
  return children;
}

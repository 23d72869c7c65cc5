import { Alert, Button } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import { Navigate, useLocation } from 'react-router';
import { usePermissionStore } from '../stores/permission';
import { useUserStore } from '../stores/user';
import { toast } from '../utils/notify';
import { HOME_PATH, LOGIN_PATH, WHITE_LIST, loginPath } from './paths';
import { ProgressFallback, useNavigationProgress } from './progress';
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

const SESSION_TEXT = {
  kept: '用户信息未能加载,登录状态仍保留。',
  retry: '重试',
  relogin: '重新登录',
} as const;

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

/** In place of the page while the user info could not be loaded: why, a retry, and a way back to login. */
function SessionFailure({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
      <Alert
        type="error"
        showIcon
        title={error}
        description={SESSION_TEXT.kept}
        action={
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <Button size="small" type="primary" onClick={onRetry}>
              {SESSION_TEXT.retry}
            </Button>
            {/* the way out when retrying does not help; the guard then opens login with the redirect */}
            <Button size="small" onClick={clearSession}>
              {SESSION_TEXT.relogin}
            </Button>
          </div>
        }
      />
    </div>
  );
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
    return session.failure === null ? <ProgressFallback /> : <SessionFailure error={session.failure} onRetry={session.retry} />;
  }
  return children;
}

import { useCallback, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { useUserStore } from '../stores/user';
import { setSessionExpiredHandler } from '../utils/request';
import { HOME_PATH, LOGIN_PATH, loginPath } from './paths';
import { clearSession, loadSession } from './session';

/**
 * Logs out on the server (a failure there is already toasted by the request client; the local session is cleared
 * either way), then opens the login page.
 * @example const logout = useLogout(); <a onClick={() => void logout()}>退出登录</a>
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await useUserStore.getState().logout();
    } catch {
      // the client has shown why; the store has cleared the session in its finally
    }
    void navigate(LOGIN_PATH, { replace: true });
  }, [navigate]);
}

/**
 * Switches to another of the user's roles: new token, tabs closed, user info and routes reloaded, then the
 * dashboard. Rejects when the switch fails (the request client or the guard has already said why).
 * @example const switchRole = useSwitchRole(); await switchRole(2);
 */
export function useSwitchRole(): (roleId: number) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (roleId: number) => {
      await useUserStore.getState().changeRole(roleId);
      // committed now, so the new routes are never matched against the old page (which would end on 404)
      flushSync(() => void navigate(HOME_PATH, { replace: true }));
      await loadSession();
    },
    [navigate],
  );
}

/** A body code 401 (session gone): clear local storage and the session, then log in again from here. */
export function useSessionExpiredRedirect(): void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    setSessionExpiredHandler(() => {
      localStorage.clear();
      clearSession();
      if (pathname !== LOGIN_PATH) void navigate(loginPath(pathname + search), { replace: true });
    });
  }, [navigate, pathname, search]);
}

import { render } from '@testing-library/react';
import { App } from '../App';
import { usePermissionStore } from '../stores/permission';
import { useTagsViewStore } from '../stores/tagsView';
import { useUserStore } from '../stores/user';
import { setToken } from '../utils/auth';

/** The whole console opened at `path` (under /custom), as a user typing the address would. */
export function openConsole(path: string) {
  window.history.replaceState(null, '', `/custom${path}`);
  return render(<App />);
}

/** No session: no token, no roles, no generated routes, no tabs. */
export function signOut(): void {
  useUserStore.setState({ token: undefined, roles: [], info: null });
  usePermissionStore.getState().resetRoutes();
  useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
}

/** A saved token whose user info is not loaded yet (as after a page reload). */
export function signIn(token = 'token-1'): void {
  signOut();
  setToken(token);
  useUserStore.setState({ token });
}

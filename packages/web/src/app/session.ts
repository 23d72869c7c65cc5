import { usePermissionStore } from '../stores/permission';
import { useTagsViewStore } from '../stores/tagsView';
import { UnusableSessionError, useUserStore } from '../stores/user';
import { SessionExpiredError } from '../utils/request';
import { generateRoutes } from './permission';

let pending: Promise<void> | null = null;

/**
 * Loads the user info and installs the dynamic routes it allows. Concurrent callers (the guard and a
 * role switch) share one request.
 */
export function loadSession(): Promise<void> {
  pending ??= (async () => {
    const info = await useUserStore.getState().getInfo();
    usePermissionStore.getState().setRoutes(generateRoutes(info));
  })().finally(() => {
    pending = null;
  });
  return pending;
}

/**
 * Whether a failed `loadSession` means the session is over: the server said so (body code 401) or the user info
 * cannot carry one (no roles). Anything else (no network, a time-out, the request aborted because the page is
 * being reloaded or left) says nothing about the session, so the token stays and loading can be retried.
 */
export function endsSession(error: unknown): boolean {
  return error instanceof SessionExpiredError || error instanceof UnusableSessionError;
}

/** Forgets the session on this side: token, roles, generated routes and tabs. */
export function clearSession(): void {
  useUserStore.getState().resetToken();
  usePermissionStore.getState().resetRoutes();
  useTagsViewStore.getState().delAllViews();
}

import { usePermissionStore } from '../stores/permission';
import { useTagsViewStore } from '../stores/tagsView';
import { useUserStore } from '../stores/user';
import { generateRoutes } from './permission';

let pending: Promise<void> | null = null;

/**
 * Loads the user info and installs the dynamic routes it allows (spec §4). Concurrent callers (the guard and a
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

/** Forgets the session on this side: token, roles, generated routes and tabs. */
export function clearSession(): void {
  useUserStore.getState().resetToken();
  usePermissionStore.getState().resetRoutes();
  useTagsViewStore.getState().delAllViews();
}

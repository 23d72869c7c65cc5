import { create } from 'zustand';
import type { AppRoute } from '../app/route-types';

interface PermissionState {
  /** Routes added after login for this user (already filtered). */
  addRoutes: AppRoute[];
  /** Whether the dynamic routes have been generated for the current session. */
  generated: boolean;
  setRoutes: (routes: AppRoute[]) => void;
  resetRoutes: () => void;
}

export const usePermissionStore = create<PermissionState>((set) => ({
  addRoutes: [],
  generated: false,
  setRoutes: (routes) => set({ addRoutes: routes, generated: true }),
  resetRoutes: () => set({ addRoutes: [], generated: false }),
}));

import { create } from 'zustand';

interface LayoutState {
  /** Bumped to re-mount the current page (tags view 刷新) without a full reload. */
  refreshKey: number;
  /** The settings drawer. */
  settingsOpen: boolean;
  refreshPage: () => void;
  setSettingsOpen: (open: boolean) => void;
}

/** Transient layout state that no other part of the console needs. */
export const useLayoutStore = create<LayoutState>((set) => ({
  refreshKey: 0,
  settingsOpen: false,
  refreshPage: () => set((s) => ({ refreshKey: s.refreshKey + 1 })),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
}));

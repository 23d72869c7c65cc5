import { create } from 'zustand';

export interface TagView {
  path: string;
  /** path + query, what the tag navigates back to. */
  fullPath: string;
  /** i18n key of the route title. */
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

interface TagsViewState {
  visitedViews: TagView[];
  /** Paths whose pages stay mounted (keep-alive); refresh drops and re-adds one. */
  cachedViews: string[];
  addView: (view: TagView) => void;
  delView: (path: string) => void;
  delCachedView: (path: string) => void;
  delOthersViews: (path: string) => void;
  delAllViews: () => void;
}

/** The tabs of visited pages; affix tabs (Dashboard) survive every close. */
export const useTagsViewStore = create<TagsViewState>((set) => ({
  visitedViews: [],
  cachedViews: [],
  addView(view) {
    set((s) => {
      const existing = s.visitedViews.find((v) => v.path === view.path);
      const visitedViews = existing
        ? s.visitedViews.map((v) => (v.path === view.path ? { ...v, fullPath: view.fullPath } : v))
        : [...s.visitedViews, view];
      const cachedViews = view.noCache || s.cachedViews.includes(view.path) ? s.cachedViews : [...s.cachedViews, view.path];
      return { visitedViews, cachedViews };
    });
  },
  delView(path) {
    set((s) => ({
      visitedViews: s.visitedViews.filter((v) => v.path !== path || v.affix),
      cachedViews: s.cachedViews.filter((p) => p !== path),
    }));
  },
  delCachedView(path) {
    set((s) => ({ cachedViews: s.cachedViews.filter((p) => p !== path) }));
  },
  delOthersViews(path) {
    set((s) => ({
      visitedViews: s.visitedViews.filter((v) => v.affix || v.path === path),
      cachedViews: s.cachedViews.filter((p) => p === path),
    }));
  },
  delAllViews() {
    set((s) => ({ visitedViews: s.visitedViews.filter((v) => v.affix), cachedViews: [] }));
  },
}));

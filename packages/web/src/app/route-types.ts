import type { ComponentType } from 'react';

export interface RouteMeta {
  /** i18n key under `route.` (zh and en titles). */
  title: string;
  /** Name of an @ant-design/icons icon, e.g. 'DesktopOutlined'. */
  icon?: string;
  /** Allowed role names; none = open to everyone. */
  roles?: string[];
  /** Pinned in the tags view (Dashboard). */
  affix?: boolean;
  noCache?: boolean;
  /** false hides the entry from the breadcrumb. */
  breadcrumb?: boolean;
  /** The sidebar entry to highlight for a hidden page. */
  activeMenu?: string;
}

/** One route of the console; paths are absolute (e.g. '/system/role'). */
export interface AppRoute {
  path: string;
  /**
   * The menu whose role grants open the route, when the path is not that menu's own: a page addressed with
   * parameters below its menu (e.g. '/device/machinetool' for '/device/machinetool/:id').
   */
  menu?: string;
  /** Lazy page component; a route with children is rendered inside the layout. */
  page?: () => Promise<{ default: ComponentType }>;
  /**
   * What the page asks for first (its data, its chart code), started beside its code when the console opens on
   * it: a small module of the first load, so the asks do not wait for the page's whole code to load and run.
   */
  warm?: () => void;
  redirect?: string;
  hidden?: boolean;
  /** Show the parent even with a single visible child. */
  alwaysShow?: boolean;
  /** Uses the layout frame (sidebar, navbar, tags). */
  layout?: boolean;
  meta?: RouteMeta;
  children?: AppRoute[];
}

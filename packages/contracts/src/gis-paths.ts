import { menuPath } from './menus.js';
// The map's paths in a module without schemas: the console's first load asks for the boxes of a page opened on the
// map (web: features/gis/early.ts), and a constant of gis.ts would bring every schema of its chunk with it.

/** GIS 地图: the menu, and the path of its boxes. */
export const GIS_PATH = menuPath('gis');
/** 客户分布: customers per province, for any logged-in user (its own subtree). */
export const CUSTOM_MAP_PATH = '/tools/custom_map';

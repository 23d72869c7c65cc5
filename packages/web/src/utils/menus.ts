import { flattenMenus } from '@gw/contracts';

/**
 * The path of the one menu of a resource's slug (its route, API path and the key of its grants), from the contracts'
 * menu table: a module without schemas, so the first load may read it. A slug of no menu, or of two (进货 and 出货
 * share `order`), stops the console at load.
 */
export function menuPath(slug: string): string {
  const [menu, ...others] = flattenMenus().filter((entry) => entry.slug === slug);
  if (!menu || others.length) throw new Error(`资源 ${slug} 没有唯一的菜单`);
  return menu.path;
}

/** 客户管理: the companies, whose tree the pickers, the saved department tree and 组织架构 read. */
export const COMPANY_PATH = menuPath('customer');

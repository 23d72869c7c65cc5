import { z } from 'zod';
import { ALL_ACTIONS, type RoleMenu } from './permissions.js';

export const roleMenuSchema: z.ZodType<RoleMenu> = z.object({
  menu: z.string().min(1).max(200),
  action: z.number().int().min(0).max(ALL_ACTIONS),
});

/** One route of the console as 同步菜单 registers it; `path` is also the menu key of role grants. */
export const menuEntrySchema = z.object({
  path: z.string().trim().min(1).max(200).startsWith('/', '菜单路径应以 / 开头'),
  title: z.string().trim().min(1, '请输入菜单名称').max(64),
  parent: z.string().trim().min(1).max(200).nullable(),
  icon: z.string().trim().max(64).default(''),
  sort: z.number().int().min(-100_000).max(100_000).default(0),
  hidden: z.boolean().default(false),
});
export type MenuEntry = z.infer<typeof menuEntrySchema>;

export const syncMenuSchema = z.object({ menus: z.array(menuEntrySchema).min(1, '菜单不能为空').max(1000) });
export type SyncMenu = z.infer<typeof syncMenuSchema>;

export interface MenuNode extends MenuEntry {
  children?: MenuNode[];
}

export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    path: z.string(),
    title: z.string(),
    parent: z.string().nullable(),
    icon: z.string(),
    sort: z.number(),
    hidden: z.boolean(),
    children: z.array(menuNodeSchema).optional(),
  }),
);

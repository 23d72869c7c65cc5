import { z } from 'zod';
import { ALL_ACTIONS, type RoleMenu } from './permissions.js';

export const roleMenuSchema: z.ZodType<RoleMenu> = z.object({
  menu: z.string().min(1).max(200),
  action: z.number().int().min(0).max(ALL_ACTIONS),
});

/** One menu of the console's menu table as the permission dialog lists it; `path` is also the menu key of role grants. */
export interface MenuEntry {
  path: string;
  title: string;
  parent: string | null;
  icon: string;
  sort: number;
  hidden: boolean;
}

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

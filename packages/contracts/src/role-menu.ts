import { z } from 'zod';
import { ALL_ACTIONS, type RoleMenu } from './permissions.js';

export const roleMenuSchema: z.ZodType<RoleMenu> = z.object({
  menu: z.string().min(1).max(200),
  action: z.number().int().min(0).max(ALL_ACTIONS),
});

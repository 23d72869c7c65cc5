import { z } from 'zod';

/** A region node: three levels; each city repeats itself as its first child; 0 = not filled. */
export interface AreaNode {
  id: number;
  title: string;
  p_id: number | null;
  children?: AreaNode[];
}

export const dictItemSchema = z.object({ value: z.union([z.string(), z.number()]), title: z.string(), code: z.string() });
export type DictItem = z.infer<typeof dictItemSchema>;

/** Categories seeded at first start; later modules add theirs. */
export const DICT_CATEGORY = { area: 'area', logaction: 'logaction' } as const;

/** Operation-log actions. */
export const LOG_ACTION = { add: 1, delete: 2, modify: 3 } as const;

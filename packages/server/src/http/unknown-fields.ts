import type { z } from 'zod';

/** Where a body carries a key its schema does not declare: the path of the key itself. */
export type UnknownField = (string | number)[];

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The keys of `value` that `schema` does not declare, at any depth. zod's default object mode drops such keys
 * without a word, so a client that misspells a field, or sends one that is not writable there, would be told
 * 保存成功 while nothing of it was saved; every write names them instead. An object declared open (`.loose()`,
 * `.catchall()`, a record) accepts any key; a strict one already refuses them itself.
 */
export function unknownFields(schema: z.ZodType, value: unknown, path: UnknownField = []): UnknownField[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return value === undefined || value === null ? [] : unknownFields(def.innerType as z.ZodType, value, path);
  switch (def.type) {
    case 'pipe':
      return unknownFields(def.in as z.ZodType, value, path);
    case 'lazy':
      return unknownFields((def.getter as () => z.ZodType)(), value, path);
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, i) => unknownFields(def.element as z.ZodType, item, [...path, i])) : [];
    case 'tuple':
      return Array.isArray(value) ? (def.items as z.ZodType[]).flatMap((item, i) => unknownFields(item, value[i], [...path, i])) : [];
    case 'object':
      return objectUnknowns(def, value, path);
    case 'intersection': {
      // a key either side declares is known
      const left = new Set(unknownFields(def.left as z.ZodType, value, path).map((p) => p.join('\0')));
      return unknownFields(def.right as z.ZodType, value, path).filter((p) => left.has(p.join('\0')));
    }
    case 'union': {
      // the option that fits best speaks: known everywhere it declares, so the fewest unknown keys
      const each = (def.options as z.ZodType[]).map((option) => unknownFields(option, value, path));
      return each.reduce((best, found) => (found.length < best.length ? found : best), each[0] ?? []);
    }
    default:
      return [];
  }
}

function objectUnknowns(def: Def, value: unknown, path: UnknownField): UnknownField[] {
  if (!isPlainObject(value)) return [];
  const shape = def.shape as Record<string, z.ZodType>;
  const open = def.catchall !== undefined;
  const found: UnknownField[] = [];
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(shape, key)) found.push(...unknownFields(shape[key], value[key], [...path, key]));
    else if (!open) found.push([...path, key]);
  }
  return found;
}

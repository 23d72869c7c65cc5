import { asc } from 'drizzle-orm';
import { DICT_CATEGORY, type DictItem } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { dictCategory, dictItem } from '../../db/schema.js';
import { loadArea } from './area.js';

/**
 * The whole dictionary as `{category: items}`; `area` is the region tree from the committed JSON file. Items
 * keep numeric values numeric so the console can compare them with stored ids.
 */
export async function readDictionary(db: Db): Promise<Record<string, unknown>> {
  const [categories, items] = await Promise.all([
    db.select({ key: dictCategory.key }).from(dictCategory),
    db.select().from(dictItem).orderBy(asc(dictItem.category), asc(dictItem.sort), asc(dictItem.id)),
  ]);
  // category keys are data: a key such as __proto__ must be an entry like any other, not the prototype
  const result = Object.create(null) as Record<string, unknown>;
  for (const { key } of categories) result[key] = [];
  for (const item of items) {
    (result[item.category] as DictItem[]).push({ value: asValue(item.value), title: item.title, code: item.code });
  }
  result[DICT_CATEGORY.area] = loadArea();
  return result;
}

/** '3' → 3; but '010' (a code with its leading zero) and integers past 2^53 stay text, so nothing is lost. */
function asValue(stored: string): string | number {
  const n = Number(stored);
  return /^-?\d+$/.test(stored) && Number.isSafeInteger(n) && String(n) === stored ? n : stored;
}

import { inArray } from 'drizzle-orm';
import type { Db, Tx } from './client.js';
import { config } from './schema.js';

/** The trimmed values of config items (通用配置) by key, '' for a key that has no item; one query. */
export async function readConfig<K extends string>(db: Db | Tx, keys: readonly K[]): Promise<Record<K, string>> {
  const rows = await db.select({ key: config.key, value: config.value }).from(config).where(inArray(config.key, [...keys]));
  const values = Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
  for (const row of rows) values[row.key as K] = row.value.trim();
  return values;
}

/** One config item's value, or `fallback` when it is missing or empty. */
export async function configValue(db: Db | Tx, key: string, fallback: string): Promise<string> {
  return (await readConfig(db, [key]))[key] || fallback;
}

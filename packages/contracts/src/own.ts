/**
 * `record[key]` when `key` is the record's own entry, else undefined. Wherever a client's string picks an
 * entry of a plain object (a sort name, a filter, a column, a category), a plain lookup would also find the
 * prototype's `__proto__`, `constructor` or `toString` and treat them as declared.
 */
export function own<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

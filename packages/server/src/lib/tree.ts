/**
 * A forest from flat items: an item whose parent is not among them (none, outside the caller's scope, or
 * itself) becomes a root; children keep the items' order.
 */
export function forest<K, N extends { children?: N[] }>(
  items: readonly { key: K; parent: K | null | undefined; node: N }[],
): N[] {
  const byKey = new Map<K, N>(items.map((i) => [i.key, i.node]));
  const roots: N[] = [];
  for (const item of items) {
    const parent = item.parent != null && item.parent !== item.key ? byKey.get(item.parent) : undefined;
    if (parent) (parent.children ??= []).push(item.node);
    else roots.push(item.node);
  }
  return roots;
}

import type { DepartmentNode } from '@gw/contracts';

/**
 * Builds the company forest from flat rows: a row whose parent is not among the rows (outside the caller's
 * scope, or none) is a root. Children keep the rows' order.
 */
export function buildTree(rows: { id: number; parent_id: number | null; company_name: string }[]): DepartmentNode[] {
  const nodes = new Map<number, DepartmentNode>(rows.map((r) => [r.id, { id: r.id, label: r.company_name }]));
  const roots: DepartmentNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parent_id != null && row.parent_id !== row.id ? nodes.get(row.parent_id) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

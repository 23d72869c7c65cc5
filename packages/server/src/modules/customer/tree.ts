import type { DepartmentNode } from '@gw/contracts';
import { forest } from '../../lib/tree.js';

/** The company forest of the rows the caller may see, rooted at the highest companies among them. */
export function buildTree(rows: { id: number; parent_id: number | null; company_name: string }[]): DepartmentNode[] {
  return forest<number, DepartmentNode>(rows.map((r) => ({ key: r.id, parent: r.parent_id, node: { id: r.id, label: r.company_name } })));
}

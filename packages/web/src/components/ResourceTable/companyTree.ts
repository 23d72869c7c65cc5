import type { DepartmentNode } from '@gw/contracts';
import type { TreeDataNode } from 'antd';
import type { ListDescriptor } from './listTypes';

/** The company tree as antd's Tree draws it: keyed by id, titled by name. */
export const treeDataOf = (nodes: readonly DepartmentNode[]): TreeDataNode[] =>
  nodes.map((node) => ({ key: node.id, title: node.label, ...(node.children?.length ? { children: treeDataOf(node.children) } : {}) }));

/**
 * The filter of a list that narrows it to one company and everything below it (op `subtree`), if the descriptor
 * declares one: what the company tree beside the list sets.
 */
export const subtreeFilterOf = (descriptor: Pick<ListDescriptor, 'filters'>): string | undefined =>
  Object.entries(descriptor.filters ?? {}).find(([, filter]) => filter.op === 'subtree')?.[0];

/** The forest without node `id` and everything below it: the parents a node may be moved to (never its own subtree). */
export function withoutSubtree(nodes: readonly DepartmentNode[], id: number): DepartmentNode[] {
  return nodes
    .filter((node) => node.id !== id)
    .map((node) => (node.children ? { ...node, children: withoutSubtree(node.children, id) } : node));
}

/** The parent of node `id`: null at the top, undefined when the forest does not hold it. */
export function parentOf(nodes: readonly DepartmentNode[], id: number, parent: number | null = null): number | null | undefined {
  for (const node of nodes) {
    if (node.id === id) return parent;
    const found = parentOf(node.children ?? [], id, node.id);
    if (found !== undefined) return found;
  }
  return undefined;
}

function findNode(nodes: readonly DepartmentNode[], id: number): DepartmentNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children ?? [], id);
    if (found) return found;
  }
  return undefined;
}

const appendTo = (nodes: readonly DepartmentNode[], parentId: number, moved: DepartmentNode): DepartmentNode[] =>
  nodes.map((node) =>
    node.id === parentId
      ? { ...node, children: [...(node.children ?? []), moved] }
      : node.children
        ? { ...node, children: appendTo(node.children, parentId, moved) }
        : node,
  );

/**
 * The forest with node `id` (and its subtree) moved below `parentId` (null: to the top), last among its new
 * siblings; unchanged when either is missing or the parent lies inside the moved subtree.
 */
export function moveNode(nodes: readonly DepartmentNode[], id: number, parentId: number | null): DepartmentNode[] {
  const moved = findNode(nodes, id);
  if (!moved || (parentId !== null && (!findNode(nodes, parentId) || findNode([moved], parentId)))) return [...nodes];
  const rest = withoutSubtree(nodes, id);
  return parentId === null ? [...rest, moved] : appendTo(rest, parentId, moved);
}

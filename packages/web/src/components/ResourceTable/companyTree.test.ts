import type { DepartmentNode } from '@gw/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { moveNode, parentOf, subtreeFilterOf, withoutSubtree } from './companyTree';

const forest: DepartmentNode[] = [
  { id: 1, label: '集团', children: [{ id: 2, label: '一厂', children: [{ id: 3, label: '一车间' }] }, { id: 4, label: '二厂' }] },
  { id: 5, label: '另一家' },
];
const ids = (nodes: readonly DepartmentNode[]): unknown[] => nodes.map((n) => (n.children?.length ? [n.id, ids(n.children)] : n.id));

describe('the company tree', () => {
  it('leaves out a company and its subtree (the parents it may move to)', () => {
    expect(ids(withoutSubtree(forest, 2))).toEqual([[1, [4]], 5]);
  });

  it('finds a parent, null at the top', () => {
    expect(parentOf(forest, 3)).toBe(2);
    expect(parentOf(forest, 5)).toBeNull();
    expect(parentOf(forest, 9)).toBeUndefined();
  });

  it('moves a company with its subtree below another, or to the top', () => {
    expect(ids(moveNode(forest, 2, 5))).toEqual([[1, [4]], [5, [[2, [3]]]]]);
    expect(ids(moveNode(forest, 3, null))).toEqual([[1, [2, 4]], 5, 3]);
  });

  it('refuses to move a company below itself', () => {
    expect(ids(moveNode(forest, 1, 3))).toEqual(ids(forest));
  });

  it('names the filter that narrows a list to a subtree', () => {
    const id = z.coerce.number();
    expect(subtreeFilterOf({ filters: { state: { label: '状态', schema: id }, customer_id: { label: '公司', schema: id, op: 'subtree' } } })).toBe('customer_id');
    expect(subtreeFilterOf({})).toBeUndefined();
  });
});

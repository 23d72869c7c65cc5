import type { DepartmentNode } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { COMPANY_PATH } from '../../utils/menus';
import { request } from '../../utils/request';
import { resourceKey } from './useResourceTable';

/**
 * The company tree of the caller's scope (GET /manager/custom/tree, `[{id, label, children}]`), cached under the
 * customers' key so a change to a customer refreshes it.
 */
export function useCompanyTree(enabled = true) {
  return useQuery({
    queryKey: [...resourceKey(COMPANY_PATH), 'tree'],
    queryFn: async () => (await request<DepartmentNode[]>({ url: `${COMPANY_PATH}/tree` })).data ?? [],
    enabled,
  });
}

/** The ids of the nodes and of everything below them. */
export const companyIds = (nodes: readonly DepartmentNode[]): number[] => nodes.flatMap((node) => [node.id, ...companyIds(node.children ?? [])]);

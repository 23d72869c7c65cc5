import type { DepartmentNode } from '@gw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { moveNode } from '../../components/ResourceTable/companyTree';
import { useCompanyTree } from '../../components/ResourceTable/useCompanyTree';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { COMPANY_PATH } from '../../utils/menus';
import { toast } from '../../utils/notify';
import { request } from '../../utils/request';
import { M } from './messages';

interface Move {
  id: number;
  /** null: to the top. */
  parentId: number | null;
}

/**
 * The company tree and the move of one company below another (POST /manager/custom/{id}/move `{parent_id}`). The
 * tree shows the move at once; the server decides: a refusal (a cycle, a parent outside the caller's scope, the
 * top level for a customer's user) puts the tree back as it was, the request client having shown the server's
 * message; a success reloads the tree, and the customers' list with it.
 */
export function useCompanyMove() {
  const tree = useCompanyTree();
  const client = useQueryClient();
  const [shown, setShown] = useState<DepartmentNode[] | null>(null);
  const mutation = useMutation({
    mutationFn: ({ id, parentId }: Move) => request({ url: `${COMPANY_PATH}/${id}/move`, method: 'POST', data: { parent_id: parentId } }),
    onMutate: ({ id, parentId }) => setShown(moveNode(tree.data ?? [], id, parentId)),
    onSuccess: async (res) => {
      toast.success(res.message || M.moved);
      await client.invalidateQueries({ queryKey: resourceKey(COMPANY_PATH) });
    },
    onSettled: () => setShown(null),
  });
  return {
    nodes: shown ?? tree.data ?? [],
    loading: tree.isPending,
    moving: mutation.isPending,
    /** Resolves either way: a refusal has been told. */
    move: (id: number, parentId: number | null) => mutation.mutateAsync({ id, parentId }).then(() => undefined, () => undefined),
  };
}

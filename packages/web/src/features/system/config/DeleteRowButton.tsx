import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { resourceApi } from '../../../components/ResourceTable/api';
import { RT } from '../../../components/ResourceTable/messages';
import type { Id } from '../../../components/ResourceTable/types';
import { resourceKey } from '../../../components/ResourceTable/useResourceTable';
import { toast } from '../../../utils/notify';

/** 删除 of one row, behind the kit's confirmation, for pages where only some rows may be deleted. */
export function DeleteRowButton({ resource, id }: { resource: string; id: Id }) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => resourceApi(resource).remove(id),
    onSuccess: async () => {
      toast.success(RT.deleted);
      await client.invalidateQueries({ queryKey: resourceKey(resource) });
    },
  });
  return (
    <Popconfirm title={RT.confirmDelete} okText={RT.ok} cancelText={RT.cancel} okButtonProps={{ danger: true }} onConfirm={() => void remove.mutateAsync().catch(() => undefined)}>
      <Button type="link" size="small" danger loading={remove.isPending}>
        {RT.delete}
      </Button>
    </Popconfirm>
  );
}

import { type RoleItem, labelOf, roleResource, roleWriteSchema } from '@gw/contracts';
import { Form, Input, TreeSelect } from 'antd';
import { useMemo } from 'react';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { zodRule } from '../../utils/form';
import type { RoleNode } from './roleColumns';
import { M } from './messages';

const label = (field: string) => labelOf(roleResource, field);

interface ParentOption {
  title: string;
  value: number;
  children?: ParentOption[];
}

/** The tree without the role being edited and its subtree (a role cannot sit below itself). */
function parentOptions(nodes: RoleNode[], exclude?: number): ParentOption[] {
  return nodes
    .filter((node) => node.id !== exclude)
    .map((node) => {
      const children = parentOptions(node.children ?? [], exclude);
      return { title: node.name, value: node.id, ...(children.length ? { children } : {}) };
    });
}

/** Form values → the body of POST / PUT /system/role; the grants are saved by the permission dialog. */
export const roleBody = (values: Record<string, unknown>) => ({
  name: values.name,
  parent_id: values.parent_id ?? null,
  description: values.description ?? '',
});

/** 上级角色, 角色名称 and 描述, checked by the contracts' role schema. */
export function RoleForm({ record, tree }: ResourceFormProps<RoleItem> & { tree: RoleNode[] }) {
  const options = useMemo(() => parentOptions(tree, record?.id), [tree, record]);
  return (
    <>
      <Form.Item name="parent_id" label={label('parent_id')}>
        <TreeSelect allowClear treeDefaultExpandAll treeData={options} placeholder={M.topLevel} />
      </Form.Item>
      <Form.Item name="name" label={label('name')} validateFirst rules={[{ required: true, message: M.nameRequired }, zodRule(roleWriteSchema.shape.name)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="description" label={label('description')} rules={[zodRule(roleWriteSchema.shape.description)]}>
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
    </>
  );
}

import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { withoutSubtree } from './companyTree';
import { useCompanyTree } from './useCompanyTree';

type Props = Omit<TreeSelectProps, 'treeData' | 'fieldNames' | 'value' | 'onChange' | 'loading'> & {
  value?: number | string;
  onChange?: (value: number | undefined) => void;
  /** A company left out with everything below it (a company's parent is never itself or one of its own). */
  exclude?: number;
};

/**
 * A company of the caller's scope, picked from its tree (GET /manager/custom/tree), searchable by name: a form field
 * (分配客户, a parent company) or a filter.
 *
 * @example <Form.Item name="customer_id" label="客户"><CompanyTreeSelect /></Form.Item>
 */
export function CompanyTreeSelect({ value, onChange, exclude, ...rest }: Props) {
  const tree = useCompanyTree();
  const nodes = useMemo(() => (exclude === undefined ? (tree.data ?? []) : withoutSubtree(tree.data ?? [], exclude)), [tree.data, exclude]);
  return (
    <TreeSelect
      allowClear
      showSearch={{ treeNodeFilterProp: 'label' }}
      treeDefaultExpandAll
      {...rest}
      loading={tree.isPending}
      treeData={nodes}
      fieldNames={{ label: 'label', value: 'id', children: 'children' }}
      value={value}
      onChange={(next: unknown) => onChange?.(typeof next === 'number' ? next : undefined)}
    />
  );
}

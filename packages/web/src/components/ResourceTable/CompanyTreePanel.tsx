import { Button, Card, Empty, Spin, Tree } from 'antd';
import { useMemo } from 'react';
import { treeDataOf } from './companyTree';
import { useResourceListContext } from './context';
import { RT } from './messages';
import { useCompanyTree } from './useCompanyTree';

interface Props {
  /** The filter a chosen company sets, e.g. 'customer_id' (the descriptor's op says whether it covers the subtree). */
  field: string;
  title?: string;
  width?: number | string;
}

/**
 * Tree mode: the company tree of the caller's scope beside the list around it. Choosing a company narrows the list
 * to it through `field` (back to the first page); choosing it again, or 全部公司, lifts the filter. The choice
 * lives in the list's query, so a reload or a link keeps it.
 */
export function CompanyTreePanel({ field, title = RT.companies, width = 240 }: Props) {
  const list = useResourceListContext();
  const tree = useCompanyTree();
  const chosen = list.query.filters[field];
  const choose = (id: string | undefined) =>
    list.setQuery((query) => {
      const filters = { ...query.filters };
      if (id === undefined) delete filters[field];
      else filters[field] = id;
      return { filters, page: 1 };
    });
  const nodes = useMemo(() => treeDataOf(tree.data ?? []), [tree.data]);
  return (
    <Card size="small" title={title} style={{ width, flex: 'none' }} extra={
        chosen && (
          <Button type="link" size="small" onClick={() => choose(undefined)}>
            {RT.allCompanies}
          </Button>
        )
      }>
      {tree.isPending ? (
        <Spin />
      ) : nodes.length ? (
        <Tree
          blockNode
          defaultExpandAll
          treeData={nodes}
          selectedKeys={chosen ? [Number(chosen)] : []}
          onSelect={(keys) => choose(keys.length ? String(keys[0]) : undefined)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}

import { type DepartmentNode, customerResource, treeMenus } from '@gw/contracts';
import { Alert, Card, Empty, Spin, Tree, type TreeProps } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { parentOf, treeDataOf } from '../../components/ResourceTable/companyTree';
import { useCan } from '../../utils/permission';
import { M } from './messages';
import { useCompanyMove } from './useCompanyMove';

const withChildren = (nodes: readonly DepartmentNode[]): number[] =>
  nodes.flatMap((node) => (node.children?.length ? [node.id, ...withChildren(node.children)] : []));

/**
 * Where a dropped company goes: dropped onto a company, below it; dropped into the gap beside one, beside it
 * (at the top level: to the top). undefined when the target is not in the tree.
 */
export const dropParent = (nodes: readonly DepartmentNode[], target: number, toGap: boolean): number | null | undefined =>
  toGap ? parentOf(nodes, target) : target;

/**
 * 组织架构: the company tree of the caller's scope. Whoever may edit 组织架构 or 客户管理 drags a company onto another to put it below that one, or between the top-level companies to make it one of them; the server
 * checks every move. Everything is expanded unless the user folds it.
 */
export default function OrganizationPage() {
  const can = useCan();
  const movable = treeMenus(customerResource).some((menu) => can(menu, 'edit'));
  const { nodes, loading, moving, move } = useCompanyMove();
  // folded rather than expanded: a company that appears after a reload is open like the rest
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const treeData = useMemo(() => treeDataOf(nodes), [nodes]);
  const expandedKeys = useMemo(() => withChildren(nodes).filter((id) => !folded.has(id)), [nodes, folded]);

  const onExpand = (keys: Key[]) => setFolded(new Set(withChildren(nodes).filter((id) => !keys.includes(id))));
  const onDrop: TreeProps['onDrop'] = ({ dragNode, node, dropToGap }) => {
    const id = Number(dragNode.key);
    const parent = dropParent(nodes, Number(node.key), dropToGap);
    if (parent === undefined || parent === id || parent === parentOf(nodes, id)) return;
    void move(id, parent);
  };

  return (
    <Card size="small">
      <Alert type="info" showIcon title={movable ? M.dragHint : M.readOnlyHint} style={{ marginBottom: 12 }} />
      {loading ? (
        <Spin />
      ) : nodes.length ? (
        <Tree
          blockNode
          showLine
          treeData={treeData}
          expandedKeys={expandedKeys}
          onExpand={onExpand}
          draggable={movable && !moving ? { icon: false } : false}
          onDrop={onDrop}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={M.empty} />
      )}
    </Card>
  );
}

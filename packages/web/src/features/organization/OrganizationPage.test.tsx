import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, json, mockApi, ok, userInfo } from '../../test/mockApi';
import { writes } from '../../test/ui';
import OrganizationPage from './OrganizationPage';

const P = '/manager/custom';
const before = [
  { id: 1, label: '集团', children: [{ id: 2, label: '一厂', children: [{ id: 3, label: '一车间' }] }, { id: 4, label: '二厂' }] },
  { id: 5, label: '另一家' },
];
const after = [
  { id: 1, label: '集团', children: [{ id: 4, label: '二厂' }] },
  { id: 5, label: '另一家', children: [{ id: 2, label: '一厂', children: [{ id: 3, label: '一车间' }] }] },
];

const nodeOf = (label: string) => screen.getByText(label).closest<HTMLElement>('.ant-tree-treenode')!;
/** The parent company a label is drawn below, by the tree's indentation. */
const parentLabel = (label: string) => {
  const rows = [...document.querySelectorAll<HTMLElement>('.ant-tree-treenode')];
  const level = (row: HTMLElement) => row.querySelectorAll('.ant-tree-indent-unit').length;
  const index = rows.indexOf(nodeOf(label));
  const parent = rows.slice(0, index).reverse().find((row) => level(row) < level(rows[index]));
  return parent?.querySelector('.ant-tree-title')?.textContent ?? null;
};

/**
 * A drag in jsdom, where nothing has a size: rc-tree reads a pointer right of where the drag started as "onto the
 * target" (below it) and one well left of it as "into the gap after the target" (beside it).
 */
function drag(from: string, to: string, dx: number) {
  fireEvent.dragStart(nodeOf(from), { clientX: 0, clientY: 0 });
  fireEvent.dragEnter(nodeOf(to), { clientX: dx, clientY: 0 });
  fireEvent.dragOver(nodeOf(to), { clientX: dx, clientY: 0 });
  fireEvent.drop(nodeOf(to), { clientX: dx, clientY: 0 });
}
const ONTO = 100;
const BESIDE = -100;

let calls: ApiCall[];
let tree: typeof before;
let answer: () => unknown;
beforeEach(() => {
  // jsdom has no DragEvent: without one a drag event carries no pointer position
  vi.stubGlobal('DragEvent', class extends MouseEvent {});
  useUserStore.setState({ info: userInfo({ role_menu: [{ menu: P, action: 1 | 4 }, { menu: '/manager/organization', action: 1 }] }) });
  tree = before;
  answer = () => ok({});
  calls = mockApi({
    [`GET ${P}/tree`]: () => ok(tree),
    [`POST ${P}/2/move`]: () => answer(),
    [`POST ${P}/3/move`]: () => answer(),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('组织架构', () => {
  it('puts a company dropped onto another below it, then shows the tree as the server has it', async () => {
    renderInShell(<OrganizationPage />, '/manager/organization');
    await screen.findByText('一车间');
    answer = () => {
      tree = after;
      return ok({ id: 2 });
    };
    drag('一厂', '另一家', ONTO);
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/2/move`, { parent_id: 5 }]]));
    await waitFor(() => expect(parentLabel('一厂')).toBe('另一家'));
    expect(parentLabel('一车间')).toBe('一厂');
    await waitFor(() => expect(calls.filter((c) => c.path === `${P}/tree`)).toHaveLength(2));
  });

  it('makes a company dropped between the top-level ones a top-level company', async () => {
    renderInShell(<OrganizationPage />, '/manager/organization');
    await screen.findByText('一车间');
    drag('一车间', '另一家', BESIDE);
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/3/move`, { parent_id: null }]]));
  });

  it('puts the tree back and shows the server’s reason when it refuses the move', async () => {
    answer = () => json({ code: 400, message: '上级公司不能是自己或自己的下级', data: null });
    renderInShell(<OrganizationPage />, '/manager/organization');
    await screen.findByText('一车间');
    drag('一厂', '另一家', ONTO);
    expect(await screen.findByText('上级公司不能是自己或自己的下级')).toBeInTheDocument();
    await waitFor(() => expect(parentLabel('一厂')).toBe('集团'));
    expect(writes(calls)).toEqual([['POST', `${P}/2/move`, { parent_id: 5 }]]);
  });

  it('lets whoever may edit 组织架构 drag, without any right on 客户管理', async () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: '/manager/organization', action: 1 | 4 }] }) });
    renderInShell(<OrganizationPage />, '/manager/organization');
    await screen.findByText('一车间');
    expect(nodeOf('一厂')).toHaveAttribute('draggable', 'true');
    drag('一厂', '另一家', ONTO);
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/2/move`, { parent_id: 5 }]]));
  });

  it('lets a user who may edit neither page look, not drag', async () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: P, action: 1 }, { menu: '/manager/organization', action: 1 }] }) });
    renderInShell(<OrganizationPage />, '/manager/organization');
    await screen.findByText('一车间');
    expect(screen.getByText('您没有修改组织架构的权限,只能查看')).toBeInTheDocument();
    expect(nodeOf('一厂')).not.toHaveAttribute('draggable', 'true');
    drag('一厂', '另一家', ONTO);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes(calls)).toEqual([]);
  });
});

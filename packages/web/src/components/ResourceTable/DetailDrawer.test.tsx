import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars } from '../../test/ui';
import { ResourceTable } from '.';
import { lastGet, renderInShell, urlQuery } from './testing';

const P = '/device/device';
interface Box {
  id: number;
  name: string;
  firmware_version?: string;
  machines?: { id: number; name: string }[];
}
const columns: ColumnsType<Box> = [{ key: 'name', dataIndex: 'name', title: '设备名称' }];
const tabs = [
  { key: 'base', label: '基本信息', render: (box: Box) => <p>固件 {box.firmware_version}</p> },
  { key: 'machines', label: '机床', render: (box: Box) => <ul>{box.machines?.map((m) => <li key={m.id}>{m.name}</li>)}</ul> },
];

let calls: ApiCall[];
let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  ({ calls, fetchMock } = mockApi({
    [`GET ${P}`]: () => ({ ...ok([{ id: 1, name: '一号网关' }, { id: 2, name: '二号网关' }]), count: 2 }),
    [`GET ${P}/2`]: () => ok({ id: 2, name: '二号网关', firmware_version: 'v2.1.0', machines: [{ id: 9, name: '立式加工中心' }] }),
    [`GET ${P}/7`]: () => ok({ id: 7, name: '七号网关', firmware_version: 'v3.0.0', machines: [] }),
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('DetailDrawer', () => {
  it('opens from a row’s 详情 on the record as GET {resource}/{id} answers, one tab per aspect', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Box> resource={P} title="网关设备" columns={columns} detail={{ tabs, title: (box) => box.name }} />, P);
    await screen.findByText('一号网关');
    await user.click(within(screen.getByText('二号网关').closest('tr')!).getByText(twoChars('详情')));
    const drawer = (await screen.findByText('固件 v2.1.0')).closest<HTMLElement>('.ant-drawer')!;
    expect(calls.some((c) => c.method === 'GET' && c.path === `${P}/2`)).toBe(true);
    expect(within(drawer).getByText('二号网关')).toBeInTheDocument();
    expect(urlQuery().get('detail')).toBe('2');
    await user.click(within(drawer).getByText('机床'));
    expect(await within(drawer).findByText('立式加工中心')).toBeInTheDocument();
    await user.click(drawer.querySelector<HTMLElement>('.ant-drawer-close')!);
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    expect(urlQuery().get('detail')).toBeNull();
  });

  it('opens from a link’s ?detail=<id> on a record not on the page, and closing removes it from the URL', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ResourceTable<Box> resource={P} title="网关设备" columns={columns} detail={{ tabs, title: (box) => box.name }} />, `${P}?status=1&detail=7`);
    const drawer = (await screen.findByText('固件 v3.0.0')).closest<HTMLElement>('.ant-drawer')!;
    expect(within(drawer).getByText('七号网关')).toBeInTheDocument();
    await screen.findByText('一号网关');
    // the list is not narrowed by it
    expect(Object.fromEntries(lastGet(fetchMock, P)!)).toEqual({ page: '1', limit: '20', status: '1' });
    await user.click(drawer.querySelector<HTMLElement>('.ant-drawer-close')!);
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    expect(urlQuery().toString()).toBe('status=1');
  });
});

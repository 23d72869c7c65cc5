import { act, screen, within } from '@testing-library/react';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { fakeLiveChannel } from '../../test/live';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { setLiveChannel } from '../../utils/live';
import { ResourceTable } from '.';
import { renderInShell } from './testing';
import type { LiveRows } from './useLiveRows';

const P = '/device/device';
interface Box {
  id: number;
  name: string;
  online: boolean;
}
const boxes: Box[] = [
  { id: 1, name: '一号网关', online: false },
  { id: 2, name: '二号网关', online: true },
];
const columns: ColumnsType<Box> = [
  { key: 'name', dataIndex: 'name', title: '设备名称' },
  { key: 'online', dataIndex: 'online', title: '是否在线', render: (online: boolean) => (online ? '在线' : '离线') },
];
const live: LiveRows<Box, 'presence'> = { types: ['presence'], rowOf: (event) => event.device_id, patch: (event) => ({ online: event.online }) };
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

let calls: ReturnType<typeof mockApi>['calls'];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({ [`GET ${P}`]: () => ({ ...ok(boxes), count: boxes.length }) }).calls;
});
afterEach(() => {
  setLiveChannel(undefined);
  vi.unstubAllGlobals();
});

describe('ResourceList live rows', () => {
  it("patches the row an event is about in place, without fetching the list again, and ignores rows not shown", async () => {
    const sockets = fakeLiveChannel();
    renderInShell(<ResourceTable<Box> resource={P} columns={columns} live={live} />, P);
    await screen.findByText('一号网关');
    expect(within(rowOf('一号网关')).getByText('离线')).toBeInTheDocument();
    const fetched = calls.length;

    act(() => sockets[0].open());
    act(() => {
      sockets[0].push({ type: 'presence', customer_id: 3, device_id: 1, gateway_id: 'G1', online: true, at: '2026-11-23T12:00:00Z' });
      sockets[0].push({ type: 'presence', customer_id: 3, device_id: 2, gateway_id: 'G2', online: false, at: '2026-11-23T12:00:00Z' });
      sockets[0].push({ type: 'presence', customer_id: 3, device_id: 99, gateway_id: 'G99', online: true, at: '2026-11-23T12:00:00Z' });
    });
    expect(await within(rowOf('一号网关')).findByText('在线')).toBeInTheDocument();
    expect(within(rowOf('二号网关')).getByText('离线')).toBeInTheDocument();
    expect(calls.length).toBe(fetched);
  });

  it('opens no channel for a list without live rows', async () => {
    const sockets = fakeLiveChannel();
    renderInShell(<ResourceTable<Box> resource={P} columns={columns} />, P);
    await screen.findByText('一号网关');
    expect(sockets).toHaveLength(0);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceFlow } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastGet, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars } from '../../test/ui';
import DeviceFlowPage from './DeviceFlowPage';

const P = '/manager/device_flow';
const transfer: DeviceFlow = {
  id: 1, device_id: 11, gateway_id: 'GW-0011', type: 'transfer', from_customer_id: 1, from_customer_name: '平台', to_customer_id: 7,
  to_customer_name: '华东精机', state: 'shipped', order_no: 'SO-2026-001', operator: 'admin', remark: '分配客户', created_at: '2026-01-01T00:00:00Z',
};

let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  fetchMock = mockApi({
    [`GET ${P}`]: () => ({ ...ok([transfer]), count: 1 }),
    'GET /device/device': () => ({ ...ok([{ id: 11, gateway_id: 'GW-0011' }, { id: 12, gateway_id: 'GW-0012' }]), count: 2 }),
    'GET /manager/custom/tree': () => ok([{ id: 7, label: '华东精机' }]),
  }).fetchMock;
});
afterEach(() => vi.unstubAllGlobals());

describe('设备流转', () => {
  it('shows each movement with its type, both companies and the state it left the box in', async () => {
    renderInShell(<DeviceFlowPage />, P);
    const row = (await screen.findByText('SO-2026-001')).closest('tr')!;
    expect(within(row).getByText('调拨').closest('.ant-tag')).toBeInTheDocument();
    for (const text of ['GW-0011', '平台', '华东精机', '已出货', 'admin', '分配客户']) expect(within(row).getByText(text)).toBeInTheDocument();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter(Boolean);
    expect(headers).toEqual(['时间', '设备ID', '类型', '原公司', '目标公司', '流转后状态', '单号', '操作人', '备注']);
  });

  it('offers no way to write the ledger, only to export it', async () => {
    renderInShell(<DeviceFlowPage />, P);
    await screen.findByText('SO-2026-001');
    expect(screen.getByText(twoChars('导出'))).toBeInTheDocument();
    for (const label of ['新增', '编辑', '删除', '导入']) expect(screen.queryByText(twoChars(label))).toBeNull();
    expect(screen.queryByText('批量删除')).toBeNull();
    expect(screen.queryByText(twoChars('操作'))).toBeNull();
  });

  it('narrows to one box picked by its 设备ID', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DeviceFlowPage />, P);
    await screen.findByText('SO-2026-001');
    await user.click(screen.getByLabelText('设备'));
    await user.click(await screen.findByTitle('GW-0012'));
    await waitFor(() => expect(lastGet(fetchMock, P)?.get('device_id')).toBe('12'));
    expect(screen.getByLabelText('公司')).toBeInTheDocument();
    expect(screen.getByLabelText('类型')).toBeInTheDocument();
  });
});

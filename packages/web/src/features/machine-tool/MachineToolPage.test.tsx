import type { MachineTool } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastGet, settled } from '../../components/ResourceTable/testing';
import { STORAGE } from '../../settings';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, twoChars, writes } from '../../test/ui';
import { renderMachineToolPage } from './testing';

const P = '/device/machine';
const lathe: MachineTool = {
  id: 11, device_id: 4, code: 'M01', name: '一号车床', category: 'fanuc', model: '0i-TF', description: '主轴 8000 rpm', enabled: true,
  ip: '10.100.3.2', netmask: '255.255.255.0', gateway: '10.100.3.1', broadcast: '10.100.3.255', lan_ip: null,
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};
const box = { id: 4, gateway_id: 'GW-004', name: '四号网关', vpn_ip: '10.8.0.5', fingerprint: 'fp-dd04' };

let calls: ApiCall[];
let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  localStorage.setItem(STORAGE.dictionary, JSON.stringify({ machinetoolcategory: [{ value: 'fanuc', title: 'FANUC 发那科', code: 'fanuc' }, { value: 'gsk', title: 'GSK 广州数控', code: 'gsk' }] }));
  ({ calls, fetchMock } = mockApi({
    'GET /device/device/4': () => ok(box),
    [`GET ${P}`]: () => ({ ...ok([lathe]), count: 1 }),
    [`POST ${P}`]: (body) => ok({ ...lathe, id: 12, ...(body as object) }),
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('机床 of one box', { timeout: 60_000 }, () => {
  it('heads the list with the box’s name, VPN address and fingerprint, and lists only its machine tools', async () => {
    renderMachineToolPage();
    expect(await screen.findByText('四号网关 [VPN IP地址:10.8.0.5]')).toBeInTheDocument();
    expect(screen.getByText('fp-dd04')).toHaveClass('ant-tag');
    const row = (await screen.findByText('一号车床')).closest('tr')!;
    expect(within(row).getByText('FANUC 发那科')).toBeInTheDocument();
    expect(within(row).getByText('启用')).toBeInTheDocument();
    expect(lastGet(fetchMock, P)?.get('device_id')).toBe('4');
  });

  it('shows 详细信息 with the address and what is derived from it', async () => {
    const user = userEvent.setup({ delay: null });
    renderMachineToolPage();
    const row = (await screen.findByText('一号车床')).closest('tr')!;
    await user.click(within(row).getByText('IP地址'));
    const details = within(await modal('详细信息'));
    for (const [label, value] of [
      ['名称', '一号车床'],
      ['类型', 'FANUC 发那科'],
      ['型号', '0i-TF'],
      ['描述', '主轴 8000 rpm'],
      ['IP', '10.100.3.2'],
      ['网关', '10.100.3.1'],
      ['子网掩码', '255.255.255.0'],
      ['广播地址', '10.100.3.255'],
    ]) {
      expect(details.getByText(label).closest('tr')).toHaveTextContent(`${label}${value}`);
    }
  });

  it('adds a machine tool to this box: device_id is sent with the form', async () => {
    const user = userEvent.setup({ delay: null });
    renderMachineToolPage();
    await screen.findByText('一号车床');
    await user.click(screen.getByText(twoChars('新增')));
    const form = within(await modal('新增机床'));
    await user.click(form.getByLabelText('设备编号'));
    await user.paste('M02');
    await user.click(form.getByLabelText('类型'));
    await user.click((await screen.findAllByText('GSK 广州数控', { selector: '.ant-select-item-option-content' })).at(-1)!);
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', P, { code: 'M02', category: 'gsk', enabled: true, device_id: 4 }]]));
    // the list is read again once the create is through
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === P).length).toBeGreaterThan(1));
    await settled();
  });
});

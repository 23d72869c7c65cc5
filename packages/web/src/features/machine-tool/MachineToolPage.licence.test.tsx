import type { MachineTool } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE } from '../../settings';
import { useUserStore } from '../../stores/user';
import { type ApiCall, json, mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, twoChars, writes } from '../../test/ui';
import { renderMachineToolPage } from './testing';

const P = '/device/machine';
const lathe: MachineTool = {
  id: 11, device_id: 4, code: 'M01', name: '一号车床', category: 'fanuc', model: '0i-TF', description: '', enabled: false,
  ip: '10.100.3.2', netmask: '255.255.255.0', gateway: '10.100.3.1', broadcast: '10.100.3.255', lan_ip: null,
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};
/** The server's answer past the licensed count, and without a licence in force. */
const overCount = () => json({ code: 409, message: '当前型号启用数量超出授权数量', count: 3 }, 409);
const unlicensed = () => json({ code: 403, message: '未授权或授权已过期' }, 403);

let calls: ApiCall[];
let refusal: () => Response;
beforeEach(() => {
  refusal = overCount;
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  localStorage.setItem(STORAGE.dictionary, JSON.stringify({ machinetoolcategory: [{ value: 'fanuc', title: 'FANUC 发那科', code: 'fanuc' }] }));
  calls = mockApi({
    'GET /device/device/4': () => ok({ id: 4, gateway_id: 'GW-004', name: '四号网关', vpn_ip: '10.8.0.5', fingerprint: 'fp-dd04' }),
    [`GET ${P}`]: () => ({ ...ok([lathe]), count: 1 }),
    [`GET ${P}/11`]: () => ok(lathe),
    [`POST ${P}`]: () => refusal(),
    [`PUT ${P}/11`]: () => refusal(),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('机床 past the box’s licence', { timeout: 60_000 }, () => {
  it('says the licensed count when a create is refused, and keeps the form open to change it', async () => {
    const user = userEvent.setup({ delay: null });
    renderMachineToolPage();
    await screen.findByText('一号车床');
    await user.click(screen.getByText(twoChars('新增')));
    const dialog = await modal('新增机床');
    await user.click(within(dialog).getByLabelText('设备编号'));
    await user.paste('M02');
    await user.click(within(dialog).getByLabelText('类型'));
    await user.click((await screen.findAllByText('FANUC 发那科', { selector: '.ant-select-item-option-content' })).at(-1)!);
    await user.click(within(dialog).getByText(twoChars('确定')));
    expect(await screen.findByText('当前型号启用数量超出授权数量,授权数量为3')).toBeInTheDocument();
    expect(writes(calls)).toEqual([['POST', P, { code: 'M02', category: 'fanuc', enabled: true, device_id: 4 }]]);
    expect(dialog).not.toHaveClass('ant-zoom-leave');
    expect(within(dialog).getByLabelText('设备编号')).toHaveValue('M02');
  });

  it('says so when enabling is refused, and 未授权或授权已过期 without a licence in force', async () => {
    const user = userEvent.setup({ delay: null });
    renderMachineToolPage();
    await screen.findByText('一号车床');
    await user.click(within(screen.getByText('一号车床').closest('tr')!).getByText(twoChars('编辑')));
    const dialog = await modal('编辑机床');
    await user.click(within(dialog).getByRole('switch'));
    await user.click(within(dialog).getByText(twoChars('确定')));
    expect(await screen.findByText('当前型号启用数量超出授权数量,授权数量为3')).toBeInTheDocument();
    await waitFor(() => expect(writes(calls)).toEqual([['PUT', `${P}/11`, expect.objectContaining({ enabled: true })]]));
    expect(dialog).not.toHaveClass('ant-zoom-leave');
    refusal = unlicensed;
    await user.click(within(dialog).getByText(twoChars('确定')));
    expect(await screen.findByText('未授权或授权已过期')).toBeInTheDocument();
    expect(dialog).not.toHaveClass('ant-zoom-leave');
  });
});

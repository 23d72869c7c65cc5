import type { DebugClient, MachineTool } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickRowAction } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, twoChars, writes } from '../../test/ui';
import { renderMachineToolPage } from './testing';

const P = '/device/machine';
const S = '/system/remote_session';
const lathe = { id: 11, device_id: 4, code: 'M01', name: '一号车床', category: 'fanuc', ip: '10.100.3.2', enabled: true } as MachineTool;
const mill = { ...lathe, id: 12, code: 'M02', name: '二号立加', ip: '10.100.3.3' };

let calls: ApiCall[];
let tunnel: string;
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  tunnel = 'connected';
  calls = mockApi({
    'GET /device/device/4': () => ok({ id: 4, gateway_id: 'GW-004', name: '四号网关', vpn_ip: '10.8.0.5', fingerprint: 'fp-dd04', tunnel_state: tunnel }),
    [`GET ${P}`]: () => ({ ...ok([lathe, mill]), count: 2 }),
    'GET /system/debug_client': () => ({ ...ok([{ id: 4, name: '张工的笔记本', address: '10.9.0.2' } as DebugClient]), count: 1 }),
    [`POST ${S}`]: (body) => ok({ id: 9, status: 'active', client_name: '张工的笔记本', company_name: '华东精机', expires_at: '2026-11-23T04:00:00Z', ...(body as object) }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('机床 远程访问', { timeout: 60_000 }, () => {
  it('opens the dialog on the box with the row’s machine tool chosen', async () => {
    const user = userEvent.setup({ delay: null });
    renderMachineToolPage();
    const row = (await screen.findByText('一号车床')).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('远程访问')).toBeInTheDocument());
    await clickRowAction(user, row, '远程访问');
    const dialog = await modal('远程访问 · 四号网关');
    expect(within(dialog).getByLabelText('选择机床')).toBeChecked();
    expect(await within(dialog).findByText('一号车床 (10.100.3.2)')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('客户端'));
    await user.click((await screen.findAllByText('张工的笔记本 (10.9.0.2)', { selector: '.ant-select-item-option-content' })).at(-1)!);
    await user.click(within(dialog).getByText(twoChars('开通')));
    expect(await within(dialog).findByText('已开通')).toBeInTheDocument();
    expect(writes(calls)).toEqual([['POST', S, { client_id: 4, device_id: 4, minutes: 120, machine_ids: [11] }]]);
  });

  it('is disabled, saying why, while the box’s gateway has not reported its key', async () => {
    tunnel = 'no_key';
    renderMachineToolPage();
    const row = (await screen.findByText('一号车床')).closest('tr')!;
    const button = await waitFor(() => within(row).getByText('远程访问').closest('button')!);
    expect(button).toBeDisabled();
  });
});

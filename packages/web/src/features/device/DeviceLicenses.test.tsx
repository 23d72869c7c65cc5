import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastGet, renderInShell, urlQuery } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars } from '../../test/ui';
import DevicePage from './DevicePage';
import { P, around } from '../../test/boxes';

const L = '/system/license';
const licence = (id: number, state: string, remark: string) => ({
  id, device_id: 1, gateway_id: 'GW-001', finger_print: 'fp-aa01', type: id === 1 ? 'business' : 'temp', nbf: '2026-01-01T00:00:00Z', exp: '2099-12-11T16:00:00Z',
  iat: '2026-01-01T00:00:00Z', jti: `lic-${id}`, vpn: false, count: [{ model: 'all', count: 1 }], certificate: 'x.y.z', remark, issuer: 1,
  revoked_at: null, revoke_reason: '', created_at: '2026-01-01T00:00:00Z', state,
});

let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
beforeEach(() => {
  ({ fetchMock } = mockApi({ ...around, [`GET ${L}`]: () => ({ ...ok([licence(2, 'revoked', '换机'), licence(1, 'valid', '首批')]), count: 2 }) }));
});
afterEach(() => vi.unstubAllGlobals());

/** Opens 设备详情 of GW-001 and returns the drawer. */
async function openDetail(user: ReturnType<typeof userEvent.setup>) {
  renderInShell(<DevicePage />, P);
  await screen.findByText('一号网关');
  await user.click(within(screen.getByText('一号网关').closest('tr')!).getByText(twoChars('详情')));
  return within((await screen.findByText('设备详情: GW-001')).closest<HTMLElement>('.ant-drawer')!);
}

describe('设备详情 授权', { timeout: 60_000 }, () => {
  it('shows the box’s 授权许可 and lists its licences with their states, and leads to 授权生成 narrowed to the box', async () => {
    useUserStore.setState({ info: userInfo({ super_user: true }) });
    const user = userEvent.setup({ delay: null });
    const drawer = await openDetail(user);
    await user.click(drawer.getByRole('tab', { name: '授权' }));
    const valid = await drawer.findByText('正常');
    // what the box may do now, above its licences
    expect(drawer.getByText('当前授权许可:').parentElement).toHaveTextContent('当前授权许可: 未授权');
    expect(valid).toHaveClass('ant-tag-green');
    expect(within(valid.closest('tr')!).getByText('首批')).toBeInTheDocument();
    expect(within(drawer.getByText('已吊销').closest('tr')!).getByText('测试授权')).toBeInTheDocument();
    expect(lastGet(fetchMock, L)?.get('device_id')).toBe('1');
    await user.click(drawer.getByRole('button', { name: '授权生成' }));
    await waitFor(() => expect(urlQuery().get('device_id')).toBe('1'));
  });

  it('is not there without 查询 on 授权生成', async () => {
    useUserStore.setState({ info: userInfo({ scope: 'all', role_menu: [{ menu: P, action: 1 }] }) });
    const user = userEvent.setup({ delay: null });
    const drawer = await openDetail(user);
    expect(drawer.getByRole('tab', { name: '基本信息' })).toBeInTheDocument();
    expect(drawer.queryByRole('tab', { name: '授权' })).toBeNull();
  });
});

import type { DebugClient, DebugClientHub } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickRowAction, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, recordDownloads, twoChars, writes } from '../../test/ui';
import DebugClientPage from './DebugClientPage';

const P = '/system/debug_client';
const HUB_KEY = 'hHubPublicKeyhHubPublicKeyhHubPublicKeyhHub=';
const config = (name: string, key: string) =>
  `[Interface]\n# 智能网关管理系统 调试代理: ${name} (zhang)\nPrivateKey = ${key}\nAddress = 10.9.0.3/32\n\n[Peer]\nPublicKey = ${HUB_KEY}\nEndpoint = vpn.example.com:51820\nAllowedIPs = 10.8.0.0/16, 10.100.0.0/16\nPersistentKeepalive = 25\n`;

function client(overrides: Partial<DebugClient> = {}): DebugClient {
  return {
    id: 1, name: '张工的笔记本', location: '上海办公室', address: '10.9.0.2', public_key: 'cPubKeycPubKeycPubKeycPubKeycPubKeycPubKey0=', user_id: 2, username: 'zhang',
    customer_id: 1, company_name: '平台运营方', key_generated: true, latest_handshake: '2026-11-23T02:00:00Z', rx_bytes: 1536, tx_bytes: 3 * 1024 ** 3,
    connected: true, created_at: '2026-11-20T01:00:00Z', updated_at: '2026-11-20T01:00:00Z',
    ...overrides,
  };
}

let calls: ApiCall[];
let hub: DebugClientHub;
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  hub = { ready: true, endpoint: 'vpn.example.com:51820', missing: [] };
  const rows = [client(), client({ id: 2, name: '现场平板', location: '', address: '10.9.0.5', connected: false, latest_handshake: null, rx_bytes: 0, tx_bytes: 0 })];
  calls = mockApi({
    [`GET ${P}`]: () => ({ ...ok(rows), count: rows.length }),
    [`GET ${P}/hub`]: () => ok(hub),
    [`GET ${P}/2/config`]: () => ok({ config: config('现场平板', '<在此填入你的私钥>') }),
    [`POST ${P}`]: (body) => {
      const own = (body as { public_key?: string }).public_key;
      const name = (body as { name: string }).name;
      return ok({
        ...client({ id: 3, name, address: '10.9.0.3', key_generated: !own, connected: false, latest_handshake: null }),
        config: config(name, own ? '<在此填入你的私钥>' : 'kPrivateKeykPrivateKeykPrivateKeykPrivate0='),
        qr: own ? '' : 'data:image/svg+xml;base64,PHN2Zy8+',
      });
    },
    [`DELETE ${P}/2`]: () => ok(null),
  }).calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const row = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('调试代理', { timeout: 60_000 }, () => {
  it('lists each client with its address, owner, whether it is connected (with its last handshake) and its bytes readable', async () => {
    renderInShell(<DebugClientPage />, P);
    const laptop = await row('张工的笔记本');
    expect(within(laptop).getByText('已连接')).toBeInTheDocument();
    expect(within(laptop).getByText('最近握手 2026-11-23 10:00:00')).toBeInTheDocument();
    expect(within(laptop).getByText('1.5 KB')).toBeInTheDocument();
    expect(within(laptop).getByText('3 GB')).toBeInTheDocument();
    expect(within(laptop).getByText('10.9.0.2')).toBeInTheDocument();
    const tablet = await row('现场平板');
    expect(within(tablet).getByText('未连接')).toBeInTheDocument();
    expect(within(tablet).getByText('从未连接')).toBeInTheDocument();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['名称', '地点', '地址', '用户', '所属公司', '状态', '接收', '发送', '创建时间']));
    expect(screen.queryByText(/远程访问尚未配置/)).toBeNull();
  });

  it('新增 without a key: the config with the private key and its QR code, shown once, to copy or download as <name>.conf', async () => {
    const saved = recordDownloads();
    const user = userEvent.setup({ delay: null });
    renderInShell(<DebugClientPage />, P);
    await row('张工的笔记本');
    await user.click(screen.getByText(twoChars('新增')));
    const form = await modal('新增调试代理');
    expect(within(form).getByText('留空则由平台生成密钥对')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('名称'), '李工的手机');
    await user.click(within(form).getByText(twoChars('确定')));
    const shown = await modal('客户端配置 · 李工的手机');
    expect(writes(calls)).toEqual([['POST', P, { name: '李工的手机' }]]);
    expect(within(shown).getByText(/只显示这一次/)).toBeInTheDocument();
    expect(within(shown).getByLabelText('WireGuard 配置').textContent).toContain('PrivateKey = kPrivateKeykPrivateKeykPrivateKeykPrivate0=');
    expect(within(shown).getByAltText('WireGuard 配置二维码')).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    await user.click(within(shown).getByText(twoChars('下载')));
    expect(saved.names).toEqual(['李工的手机.conf']);
    expect(await saved.files[0].text()).toContain('Address = 10.9.0.3/32');
  });

  it('新增 with the user’s own public key: the config to complete, no QR code; a malformed key is refused in the form', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DebugClientPage />, P);
    await row('张工的笔记本');
    await user.click(screen.getByText(twoChars('新增')));
    const form = await modal('新增调试代理');
    await user.type(within(form).getByLabelText('名称'), '王工');
    await user.type(within(form).getByLabelText('公钥'), 'not-a-key');
    await user.click(within(form).getByText(twoChars('确定')));
    expect(await within(form).findByText(/客户端公钥/)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await user.clear(within(form).getByLabelText('公钥'));
    await user.type(within(form).getByLabelText('公钥'), 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=');
    await user.click(within(form).getByText(twoChars('确定')));
    const shown = await modal('客户端配置 · 王工');
    expect(writes(calls)).toEqual([['POST', P, { name: '王工', public_key: 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=' }]]);
    expect(within(shown).getByText(/PrivateKey 一行请填入你自己的私钥/)).toBeInTheDocument();
    expect(within(shown).queryByAltText('WireGuard 配置二维码')).toBeNull();
  });

  it('下载配置 saves the file again, its private key a placeholder', async () => {
    const saved = recordDownloads();
    const user = userEvent.setup({ delay: null });
    renderInShell(<DebugClientPage />, P);
    await clickRowAction(user, await row('现场平板'), '下载配置');
    await waitFor(() => expect(saved.names).toEqual(['现场平板.conf']));
    expect(await saved.files[0].text()).toContain('PrivateKey = <在此填入你的私钥>');
  });

  it('删除 says the client loses its access at once', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DebugClientPage />, P);
    await clickRowAction(user, await row('现场平板'), twoChars('删除'));
    const question = await screen.findByText('删除后该客户端立即失去所有远程访问,确定删除?');
    await user.click(within(question.closest<HTMLElement>('.ant-popover')!).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['DELETE', `${P}/2`, undefined]]));
  });

  it('says what the platform lacks while no hub is set up, with 新增 disabled', async () => {
    hub = { ready: false, endpoint: '', missing: ['VPN_ENDPOINT', 'VPN_HUB_PUBLIC_KEY'] };
    renderInShell(<DebugClientPage />, P);
    // the settings are named as code, as an operator types them
    expect((await screen.findByText(/远程访问尚未配置/)).closest('.ant-alert')?.textContent).toMatch(/远程访问尚未配置:平台缺少设置 VPN_ENDPOINT、VPN_HUB_PUBLIC_KEY,/);
    expect(screen.getByText('VPN_ENDPOINT').tagName).toBe('CODE');
    expect(screen.getByText(twoChars('新增')).closest('button')).toBeDisabled();
  });

  it('offers no 新增调试代理 in an empty list while no hub is set up', async () => {
    hub = { ready: false, endpoint: '', missing: ['VPN_HUB_TOKEN'] };
    mockApi({ [`GET ${P}`]: () => ({ ...ok([]), count: 0 }), [`GET ${P}/hub`]: () => ok(hub) });
    renderInShell(<DebugClientPage />, P);
    expect(await screen.findByText(/还没有调试代理/)).toBeInTheDocument();
    await screen.findByText(/远程访问尚未配置/);
    expect(screen.queryByText('新增调试代理', { selector: 'button *' })).toBeNull();
  });
});

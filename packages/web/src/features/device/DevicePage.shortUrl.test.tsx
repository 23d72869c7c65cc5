import { ACTION, DEVICE_QR_LABELS_PATH, DEVICE_SHORT_URL_PATH, QRCODE_URL_MENU } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastGet, renderInShell, urlQuery } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { recordDownloads, writes } from '../../test/ui';
import DevicePage from './DevicePage';
import { P, around, box } from '../../test/boxes';

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const button = (name: string) => screen.queryByText(name, { selector: 'button *' });
const link = (id: number, gatewayId: string, created: boolean) => ({ device_id: id, gateway_id: gatewayId, code: `c${id}xyz`, short_url: `https://gw.example.com/s/c${id}xyz`, created });
const DEVICE_BITS = ACTION.query | ACTION.edit | ACTION.tag;

let calls: ApiCall[];
let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
let downloads: string[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  downloads = recordDownloads().names;
  ({ calls, fetchMock } = mockApi({
    ...around,
    [`GET ${P}/7`]: () => ok(box({ id: 7, gateway_id: 'GW-007', name: '七号网关' })),
    [`POST ${DEVICE_SHORT_URL_PATH}`]: (body) => ok((body as { ids: number[] }).ids.map((id) => link(id, `GW-00${id}`, id === 1))),
    [`GET ${DEVICE_QR_LABELS_PATH}`]: () =>
      new Response('<html>labels</html>', { headers: { 'content-type': 'text/html; charset=utf-8', 'content-disposition': 'attachment; filename="qr-labels.html"' } }),
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('网关设备: short links', { timeout: 60_000 }, () => {
  it('生成短链接 posts the selected boxes and says how many links were made and how many were there', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    // it waits in the selection bar
    expect(button('生成短链接')).toBeNull();
    await user.click(within(rowOf('一号网关')).getByRole('checkbox'));
    await user.click(within(rowOf('二号网关')).getByRole('checkbox'));
    await user.click(button('生成短链接')!);
    await waitFor(() => expect(writes(calls)).toEqual([['POST', DEVICE_SHORT_URL_PATH, { ids: [1, 2] }]]));
    expect(await screen.findByText('已生成 1 个短链接,1 台设备已有短链接')).toBeInTheDocument();
  });

  it('二维码标签 makes sure the boxes have links, then saves the server’s label sheet for them', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    await user.click(within(rowOf('一号网关')).getByRole('checkbox'));
    await user.click(within(rowOf('二号网关')).getByRole('checkbox'));
    await user.click(button('二维码标签')!);
    await waitFor(() => expect(downloads).toEqual(['qr-labels.html']));
    expect(writes(calls)).toEqual([['POST', DEVICE_SHORT_URL_PATH, { ids: [1, 2] }]]);
    expect(lastGet(fetchMock, DEVICE_QR_LABELS_PATH)?.get('ids')).toBe('1,2');
    const order = calls.filter((c) => c.path === DEVICE_SHORT_URL_PATH || c.path === DEVICE_QR_LABELS_PATH).map((c) => c.method);
    expect(order).toEqual(['POST', 'GET']);
  });

  it('offers neither without 新增 on 短链接', async () => {
    useUserStore.setState({
      info: userInfo({ scope: 'all', role_menu: [{ menu: P, action: DEVICE_BITS }, { menu: QRCODE_URL_MENU, action: ACTION.query | ACTION.edit }] }),
    });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    await userEvent.setup({ delay: null }).click(within(rowOf('一号网关')).getByRole('checkbox'));
    expect(button('打标签')).toBeInTheDocument();
    expect(button('生成短链接')).toBeNull();
    expect(button('二维码标签')).toBeNull();
  });

  it('opens a box’s 设备详情 from a link’s ?detail=<id> (where a box’s short link leads), even off the page', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, `${P}?detail=7`);
    const drawer = (await screen.findByText('设备详情: GW-007')).closest<HTMLElement>('.ant-drawer')!;
    expect(calls.some((c) => c.method === 'GET' && c.path === `${P}/7`)).toBe(true);
    await user.click(drawer.querySelector<HTMLElement>('.ant-drawer-close')!);
    await waitFor(() => expect(urlQuery().has('detail')).toBe(false));
  });
});

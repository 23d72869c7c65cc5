import { ACTION, QRCODE_URL_MENU } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, twoChars, writes } from '../../test/ui';
import ShortUrlPage from './ShortUrlPage';
import { S, shortUrl, shortUrls } from './testing';

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({
    [`GET ${S}`]: () => ({ ...ok(shortUrls), count: shortUrls.length }),
    [`GET ${S}/3`]: () => ok(shortUrls[2]),
    [`POST ${S}`]: (body) => ok(shortUrl({ id: 9, code: 'Zx81Qa', ...(body as object) })),
    [`PUT ${S}/3`]: (body) => ok(shortUrl({ ...shortUrls[2], ...(body as object) })),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('短链接', { timeout: 60_000 }, () => {
  it('lists the links: the full printed link to copy, the target opening apart, the box’s detail, 已过期 in red', async () => {
    renderInShell(<ShortUrlPage />, QRCODE_URL_MENU);
    await screen.findByText('春季活动');
    const campaign = within(rowOf('春季活动'));
    expect(campaign.getByText('https://gw.example.com/s/promo1')).toBeInTheDocument();
    expect(campaign.getByRole('button', { name: /复制 https:\/\/gw\.example\.com\/s\/promo1/ })).toBeInTheDocument();
    const target = campaign.getByRole('link', { name: 'https://shop.example.com/spring?from=qr' });
    expect(target).toHaveAttribute('target', '_blank');
    expect(target).toHaveAttribute('rel', 'noopener noreferrer');
    expect(campaign.getByText('42')).toBeInTheDocument();
    expect(campaign.getByText('永不过期')).toBeInTheDocument();
    expect(campaign.getByText('启用')).toHaveClass('ant-tag-green');
    const box = within(rowOf('https://gw.example.com/s/Ab3dE9'));
    expect(box.getByRole('link', { name: 'GW-005' })).toHaveAttribute('href', '/device/device?detail=5');
    const old = within(rowOf('旧广告'));
    expect(old.getByText('已过期')).toHaveClass('ant-tag-red');
    expect(old.getByText('禁用')).toBeInTheDocument();
    expect(campaign.queryByText('已过期')).toBeNull();
    expect(campaign.getByText(twoChars('编辑'))).toBeInTheDocument();
    expect(campaign.getByText('二维码')).toBeInTheDocument();
    expect(campaign.getByText('访问统计')).toBeInTheDocument();
    expect(screen.getByText(twoChars('导出'))).toBeInTheDocument();
  });

  it('adds a link with the code left to the server: the body is the contract’s, with no expiry', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ShortUrlPage />, QRCODE_URL_MENU);
    await screen.findByText('春季活动');
    await user.click(screen.getByText(twoChars('新增')));
    const form = within(await modal('新增短链接'));
    expect(form.getByLabelText('短码')).toHaveAttribute('placeholder', '留空自动生成');
    await user.type(form.getByLabelText('目标地址'), 'https://shop.example.com/summer');
    await user.type(form.getByLabelText('标题'), '夏季活动');
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual(['POST', S, { code: '', target: 'https://shop.example.com/summer', title: '夏季活动', expires_at: null, enabled: true }]);
  });

  it('adds a link with its own code, switched off', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ShortUrlPage />, QRCODE_URL_MENU);
    await screen.findByText('春季活动');
    await user.click(screen.getByText(twoChars('新增')));
    const form = within(await modal('新增短链接'));
    await user.type(form.getByLabelText('短码'), 'a!');
    expect(await form.findByText('短码只能是 4-32 位字母、数字、- 或 _')).toBeInTheDocument();
    await user.clear(form.getByLabelText('短码'));
    await user.type(form.getByLabelText('短码'), 'expo-2026');
    await user.type(form.getByLabelText('目标地址'), 'http://expo.example.com');
    await user.click(form.getByLabelText('启用'));
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual(['POST', S, { code: 'expo-2026', target: 'http://expo.example.com', title: '', expires_at: null, enabled: false }]);
  });

  it('says why a javascript: target is refused as it is typed, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ShortUrlPage />, QRCODE_URL_MENU);
    await screen.findByText('春季活动');
    await user.click(screen.getByText(twoChars('新增')));
    const form = within(await modal('新增短链接'));
    await user.type(form.getByLabelText('目标地址'), 'javascript:alert(1)');
    expect(await form.findByText('只允许 http:// 或 https:// 开头的网址')).toBeInTheDocument();
    await user.click(form.getByText(twoChars('确定')));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(writes(calls)).toEqual([]);
    await user.clear(form.getByLabelText('目标地址'));
    await user.type(form.getByLabelText('目标地址'), 'example.com');
    expect(await form.findByText('请输入完整的网址, 如 https://example.com/path')).toBeInTheDocument();
  });

  it('edits a link: its expiry comes back with its offset, a code is then required', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ShortUrlPage />, QRCODE_URL_MENU);
    await screen.findByText('旧广告');
    await user.click(within(rowOf('旧广告')).getByText(twoChars('编辑')));
    const form = within(await modal('编辑短链接'));
    await waitFor(() => expect(form.getByLabelText('短码')).toHaveValue('old-ad'));
    await user.clear(form.getByLabelText('短码'));
    expect(await form.findByText('请输入短码')).toBeInTheDocument();
    await user.type(form.getByLabelText('短码'), 'old-ad');
    await user.clear(form.getByLabelText('标题'));
    await user.type(form.getByLabelText('标题'), '新广告');
    await user.click(form.getByLabelText('启用'));
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual([
      'PUT',
      `${S}/3`,
      { code: 'old-ad', target: 'https://shop.example.com/spring?from=qr', title: '新广告', expires_at: '2024-12-31T16:00:00.000Z', enabled: true },
    ]);
  });

  it('offers only what the role allows: 查询 alone reads, with 二维码 and 访问统计', async () => {
    useUserStore.setState({ info: userInfo({ scope: 'all', role_menu: [{ menu: QRCODE_URL_MENU, action: ACTION.query }] }) });
    renderInShell(<ShortUrlPage />, QRCODE_URL_MENU);
    await screen.findByText('春季活动');
    expect(screen.queryByText(twoChars('新增'))).toBeNull();
    expect(screen.queryByText(twoChars('导出'))).toBeNull();
    expect(within(rowOf('春季活动')).queryByText(twoChars('编辑'))).toBeNull();
    expect(within(rowOf('春季活动')).queryByText(twoChars('删除'))).toBeNull();
    expect(within(rowOf('春季活动')).getByText('二维码')).toBeInTheDocument();
  });
});

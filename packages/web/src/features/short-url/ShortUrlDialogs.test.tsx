import { QRCODE_URL_MENU, shortUrlQrcodePath, shortUrlVisitsPath } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { API_BASE } from '../../settings';
import { useUserStore } from '../../stores/user';
import { drawableCharts } from '../../test/chart';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, recordDownloads } from '../../test/ui';
import ShortUrlPage from './ShortUrlPage';
import { S, attachment, shortUrls } from './testing';

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const QR = shortUrlQrcodePath(1);
/** The query of every GET of `path`, in order. */
const getsOf = (fetchMock: ReturnType<typeof mockApi>['fetchMock'], path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(input as string, 'http://localhost'))
    .filter((url) => url.pathname === `${API_BASE}${path}`)
    .map((url) => Object.fromEntries(url.searchParams));

/** 30 days to 2026-03-10, 2 visits on each of the last 5. */
const days = Array.from({ length: 30 }, (_, i) => ({ day: `2026-${i < 20 ? '02' : '03'}-${String(i < 20 ? i + 9 : i - 19).padStart(2, '0')}`, visits: i >= 25 ? 2 : 0 }));

drawableCharts();
let fetchMock: ReturnType<typeof mockApi>['fetchMock'];
let downloads: string[];
let objectUrls: string[];
let revoked: string[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  downloads = recordDownloads().names;
  objectUrls = [];
  revoked = [];
  URL.revokeObjectURL = (href: string) => void revoked.push(href);
  URL.createObjectURL = vi.fn(() => {
    objectUrls.push(`blob:qr-${objectUrls.length + 1}`);
    return objectUrls.at(-1)!;
  });
  ({ fetchMock } = mockApi({
    [`GET ${S}`]: () => ({ ...ok(shortUrls), count: shortUrls.length }),
    [`GET ${QR}`]: () => attachment('PNG', 'image/png', 'promo1.png'),
    [`GET ${shortUrlVisitsPath(1)}`]: () => ok(days),
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('短链接 dialogs', { timeout: 60_000 }, () => {
  it('二维码: previews the server’s PNG at the size chosen, downloads its PNG and SVG files, lets go of the image on close', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ShortUrlPage />, QRCODE_URL_MENU);
    await screen.findByText('春季活动');
    await user.click(within(rowOf('春季活动')).getByText('二维码'));
    const dialog = within(await modal('二维码: promo1'));
    expect(await dialog.findByAltText('短链接 promo1 的二维码')).toHaveAttribute('src', 'blob:qr-1');
    expect(getsOf(fetchMock, QR)).toEqual([{ format: 'png', size: '256' }]);
    expect(dialog.getByText('https://gw.example.com/s/promo1')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: /复制/ })).toBeInTheDocument();

    await user.click(dialog.getByText('512 px'));
    await waitFor(() => expect(dialog.getByAltText('短链接 promo1 的二维码')).toHaveAttribute('src', 'blob:qr-2'));
    expect(getsOf(fetchMock, QR).at(-1)).toEqual({ format: 'png', size: '512' });
    expect(revoked).toContain('blob:qr-1');

    await user.click(dialog.getByRole('button', { name: /下载 PNG/ }));
    await waitFor(() => expect(downloads).toEqual(['promo1.png']));
    await user.click(dialog.getByRole('button', { name: /下载 SVG/ }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(getsOf(fetchMock, QR).slice(-2)).toEqual([
      { format: 'png', size: '512' },
      { format: 'svg', size: '512' },
    ]);

    await user.click(dialog.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(revoked).toContain('blob:qr-2'));
  });

  it('访问统计: asks for the last 30 days and shows them as bars with their total', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ShortUrlPage />, QRCODE_URL_MENU);
    await screen.findByText('春季活动');
    await user.click(within(rowOf('春季活动')).getByText('访问统计'));
    const dialog = within(await modal('访问统计: promo1'));
    expect(await dialog.findByText('近 30 天共访问 10 次')).toBeInTheDocument();
    expect(dialog.getByText('累计访问 42 次')).toBeInTheDocument();
    expect(getsOf(fetchMock, shortUrlVisitsPath(1))).toEqual([{ days: '30' }]);
    expect((await dialog.findByText('02-09')).closest('svg')).toBeInTheDocument();
  });
});

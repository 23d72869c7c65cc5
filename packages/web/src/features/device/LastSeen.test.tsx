import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { parseTime } from '../../utils/format';
import DevicePage from './DevicePage';
import { timeAgo } from './LastSeen';
import { P, around, box } from '../../test/boxes';

const seen = new Date(Date.now() - 3 * 60_000).toISOString();
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  const rows = [box({ online: true, firmware_version: 'v2.3.1', last_seen_at: seen }), box({ id: 2, gateway_id: 'GW-002', name: '二号网关', firmware_version: '', last_seen_at: null })];
  mockApi({ ...around, [`GET ${P}`]: () => ({ ...ok(rows), count: rows.length }) });
});
afterEach(() => vi.unstubAllGlobals());

describe('网关设备 固件版本 and 最后在线', { timeout: 60_000 }, () => {
  it('shows each box’s firmware and how long ago it was last seen, the exact time on hover', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    const row = within((await screen.findByText('一号网关')).closest('tr')!);
    expect(row.getByText('v2.3.1')).toBeInTheDocument();
    const ago = row.getByText('3 分钟前');
    await user.hover(ago);
    expect(await screen.findByText(parseTime(seen))).toBeInTheDocument();
    // never seen: nothing rather than a made-up time
    expect(within(screen.getByText('二号网关').closest('tr')!).queryByText(/前$/)).toBeNull();
  });

  it('words the time as people do', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(timeAgo('2026-11-23T11:57:00Z', now)).toBe('3 分钟前');
    expect(timeAgo('2026-11-23T10:00:00Z', now)).toBe('2 小时前');
    expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('3 天前');
    expect(timeAgo('2026-11-23T12:00:30Z', now)).toBe('几秒前');
    expect(timeAgo(null, now)).toBe('');
  });
});

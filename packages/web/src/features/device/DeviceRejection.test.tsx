import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import { parseTime } from '../../utils/format';
import { openDetail } from './detailTesting';
import { P, around, box, boxes } from '../../test/boxes';

const refused = box({
  rejected_at: '2026-11-23T10:05:00Z',
  rejected_reason: '数据格式错误: 第 1 项缺少 device_id',
  rejected_head: '[{"ts":1764000000000,␊"values":[]}]',
});
let answer: () => unknown;
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  answer = () => ok(refused);
  mockApi({ ...around, [`GET ${P}/1`]: () => answer() });
});
afterEach(() => vi.unstubAllGlobals());

describe('设备详情 数据格式错误', { timeout: 60_000 }, () => {
  it('shows when, why and the first bytes of the last message the platform refused, the bytes in a monospace block', async () => {
    const user = userEvent.setup({ delay: null });
    const drawer = await openDetail(user);
    const section = within(await drawer.findByRole('region', { name: '数据格式错误' }));
    expect(section.getByText('拒收时间')).toBeInTheDocument();
    expect(section.getByText(parseTime('2026-11-23T10:05:00Z'))).toBeInTheDocument();
    expect(section.getByText('数据格式错误: 第 1 项缺少 device_id')).toBeInTheDocument();
    const head = section.getByText('[{"ts":1764000000000,␊"values":[]}]');
    expect(head.tagName).toBe('PRE');
    expect(head).toHaveStyle({ fontFamily: 'monospace' });
  });

  it('has no such section for a box with nothing refused', async () => {
    answer = () => ok(boxes[0]);
    const user = userEvent.setup({ delay: null });
    const drawer = await openDetail(user);
    expect(await drawer.findByText('fp-aa01')).toBeInTheDocument();
    expect(drawer.queryByRole('region', { name: '数据格式错误' })).toBeNull();
    expect(drawer.queryByText('拒收时间')).toBeNull();
  });
});

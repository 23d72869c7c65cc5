import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceTag } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { dialog, twoChars, writes } from '../../test/ui';
import TagPage from './TagPage';

const P = '/manager/tag';
const tag = (id: number, name: string, color: string, device_count: number): DeviceTag => ({
  id, name, color, customer_id: 7, company_name: '华东精机', device_count, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
});
const urgent = tag(1, '重点客户', 'red', 3);
const custom = tag(2, '试点', '#00aa88', 0);

let calls: ApiCall[];
beforeEach(() => {
  // a customer's administrator who also reads the companies: it picks the owner among its own subtree
  useUserStore.setState({ info: userInfo({ customer_id: 7, role_menu: [{ menu: P, action: 1 | 2 | 4 | 8 }, { menu: '/manager/custom', action: 1 }] }) });
  calls = mockApi({
    [`GET ${P}`]: () => ({ ...ok([urgent, custom]), count: 2 }),
    'GET /manager/custom/tree': () => ok([{ id: 7, label: '华东精机', children: [{ id: 8, label: '一厂' }] }]),
    [`POST ${P}`]: (body) => ok({ ...urgent, id: 3, ...(body as object) }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('标签', () => {
  it('shows each tag in its colour, a preset by name or any #rrggbb, with its company and its boxes', async () => {
    renderInShell(<TagPage />, P);
    const red = await screen.findByText('重点客户');
    expect(red.closest('.ant-tag')).toHaveClass('ant-tag-red');
    const green = screen.getByText('试点').closest<HTMLElement>('.ant-tag')!;
    expect(green.style.color).toBe('rgb(0, 170, 136)');
    const row = red.closest('tr')!;
    expect(within(row).getByText('华东精机')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['标签名称', '所属公司', '设备数']));
  });

  it('makes a new tag the user’s own company’s, in the colour chosen', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<TagPage />, P);
    await screen.findByText('重点客户');
    await user.click(screen.getByText(twoChars('新增')));
    await user.click(await within(dialog()).findByLabelText('标签名称'));
    await user.paste('维保中');
    await waitFor(() => expect(within(dialog()).getByText('华东精机')).toBeInTheDocument());
    await user.click(within(dialog()).getByLabelText('颜色'));
    await user.click(await screen.findByText('金色'));
    await user.click(within(dialog()).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', P, { name: '维保中', color: 'gold', customer_id: 7 }]]));
  });

  it('asks a user who may not read the companies for no company, and calls nothing it may not', async () => {
    useUserStore.setState({ info: userInfo({ customer_id: 7, role_menu: [{ menu: P, action: 1 | 2 | 4 | 8 }] }) });
    const user = userEvent.setup({ delay: null });
    renderInShell(<TagPage />, P);
    await screen.findByText('重点客户');
    expect(screen.queryByLabelText('所属公司')).toBeNull();
    await user.click(screen.getByText(twoChars('新增')));
    await user.click(await within(dialog()).findByLabelText('标签名称'));
    await user.paste('维保中');
    expect(within(dialog()).queryByLabelText('所属公司')).toBeNull();
    await user.click(within(dialog()).getByText(twoChars('确定')));
    // the server gives the tag the user's own company
    await waitFor(() => expect(writes(calls)).toEqual([['POST', P, { name: '维保中', color: 'blue' }]]));
    expect(calls.some((call) => call.path.startsWith('/manager/custom'))).toBe(false);
  });
});

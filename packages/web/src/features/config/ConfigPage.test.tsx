import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConfigItem } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickRowAction, offersRowAction, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import ConfigPage from './ConfigPage';
import { dialog, twoChars, writes } from '../../test/ui';

const P = '/system/config';
const item = (id: number, key: string, value: string, builtin: boolean, open = false): ConfigItem => ({
  id, key, value, description: '', public: open, builtin, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
});
const rows = [
  item(1, 'site_title', '智能网关管理系统', true, true),
  item(2, 'service_phone', '400-000-0000', false),
  item(3, 'oee_shifts', '[{"name":"白班","start":"08:00","end":"20:00"},{"name":"夜班","start":"20:00","end":"08:00"}]', true),
  item(4, 'wechat_template_alarm', '{"template_id":"tpl-1","data":{"thing1":"{gateway_id} {machine}"}}', true),
];

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;


let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({
    [`GET ${P}`]: () => ({ ...ok(rows), count: rows.length }),
    [`POST ${P}`]: (body) => ok({ ...item(3, '', '', false), ...(body as object) }),
    [`DELETE ${P}/2`]: () => ok(null),
    [`PUT ${P}/4`]: (body) => ok({ ...rows[3], ...(body as object) }),
    [`DELETE ${P}`]: (body) => ok({ deleted: (body as { ids: number[] }).ids.length }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('通用配置', () => {
  it('shows 公开 as 是/否 and offers 删除 only on items that are not built in', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ConfigPage />, P);
    await screen.findByText('site_title');
    expect(within(rowOf('site_title')).getByText('是')).toBeInTheDocument();
    expect(within(rowOf('service_phone')).getByText('否')).toBeInTheDocument();
    expect(await offersRowAction(user, rowOf('site_title'), twoChars('删除'))).toBe(false);
    await clickRowAction(user, rowOf('service_phone'), twoChars('删除'));
    await user.click(within(screen.getByText(/^此操作将永久删除/).closest<HTMLElement>('.ant-popover')!).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['DELETE', `${P}/2`, undefined]]));
  });

  it('批量删除 takes items that are not built in, and refuses a selection holding a built-in one', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ConfigPage />, P);
    await screen.findByText('site_title');
    // 批量删除 waits in the selection bar until rows are selected
    expect(screen.queryByText('批量删除')).toBeNull();
    await user.click(within(rowOf('site_title')).getByRole('checkbox'));
    expect(screen.getByText('已选 1 项')).toBeInTheDocument();
    expect(screen.getByText('批量删除').closest('button')).toBeDisabled();
    await user.click(within(rowOf('site_title')).getByRole('checkbox'));
    await user.click(within(rowOf('service_phone')).getByRole('checkbox'));
    expect(screen.getByText('已选 1 项')).toBeInTheDocument();
    const bulk = screen.getByText('批量删除').closest('button')!;
    expect(bulk).toBeEnabled();
    await user.click(bulk);
    await user.click(within(screen.getByText(/^此操作将永久删除选中的 1 条/).closest<HTMLElement>('.ant-popover')!).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['DELETE', P, { ids: [2] }]]));
  });

  it('edits 下载专区 as rows of 名称, 下载地址 and 说明, not as JSON, and sends the JSON the server keeps', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ConfigPage />, P);
    await screen.findByText('site_title');
    await user.click(screen.getByText(twoChars('新增')));
    await user.click(within(dialog()).getByLabelText('配置键'));
    await user.paste('downloads');
    await user.click(await within(dialog()).findByText('添加一项'));
    await user.click(within(dialog()).getByLabelText('名称 1'));
    await user.paste('VPN 客户端');
    await user.click(within(dialog()).getByText(twoChars('确定')));
    // the contract's own rule names the row and the field left empty
    expect(await within(dialog()).findByText(/^第 1 项 下载地址: /)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.click(within(dialog()).getByLabelText('下载地址 1'));
    await user.paste('/custom/uploads/vpn.ovpn');
    await user.click(within(dialog()).getByText(twoChars('确定')));
    await waitFor(() =>
      expect(writes(calls)).toEqual([['POST', P, { key: 'downloads', value: '[{"title":"VPN 客户端","url":"/custom/uploads/vpn.ovpn"}]', description: '', public: false }]]),
    );
  });

  it('edits the OEE shifts as rows, and keeps any other value as text', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ConfigPage />, P);
    await screen.findByText('site_title');
    await user.click(screen.getByText(twoChars('新增')));
    await user.click(within(dialog()).getByLabelText('配置键'));
    await user.paste('oee_shifts');
    await user.click(await within(dialog()).findByText('添加一项'));
    for (const [field, text] of [['班次名称 1', '白班'], ['开始 (时:分) 1', '08:00'], ['结束 (时:分) 1', '20:00']]) {
      await user.click(within(dialog()).getByLabelText(field));
      await user.paste(text);
    }
    await user.click(within(dialog()).getByText(twoChars('确定')));
    await waitFor(() =>
      expect(writes(calls)).toEqual([['POST', P, { key: 'oee_shifts', value: '[{"name":"白班","start":"08:00","end":"20:00"}]', description: '', public: false }]]),
    );
  });

  it('lists JSON values as what they hold, not as JSON', async () => {
    renderInShell(<ConfigPage />, P);
    expect(await screen.findByText('2 项: 白班 08:00–20:00、夜班 20:00–08:00')).toBeInTheDocument();
    expect(screen.getByText('模板 tpl-1, 1 个字段')).toBeInTheDocument();
    expect(screen.queryByText(/"name"/)).toBeNull();
  });

  it('names a template’s placeholders in Chinese, and keeps the names the sender reads in what it sends', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ConfigPage />, P);
    await clickRowAction(user, (await screen.findByText('wechat_template_alarm')).closest('tr')!, twoChars('编辑'));
    const text = await within(dialog()).findByLabelText('填入的文字 1');
    expect(text).toHaveValue('{设备ID} {机床}');
    expect(within(dialog()).getByText(/\{报警时间\}/)).toBeInTheDocument();
    await user.click(text);
    await user.paste(' {报警时间}');
    await user.click(within(dialog()).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const [[, , body]] = writes(calls) as [[string, string, { value: string }]];
    expect(JSON.parse(body.value)).toEqual({ template_id: 'tpl-1', data: { thing1: '{gateway_id} {machine} {time}' } });
  });
});

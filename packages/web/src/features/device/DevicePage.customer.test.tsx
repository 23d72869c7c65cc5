import { ACTION } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offersRowAction, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars, writes } from '../../test/ui';
import DevicePage from './DevicePage';
import { P, around, boxes } from '../../test/boxes';

/** Every bit on the boxes but 重置密钥, and 查询 on tags: a customer's operator. */
const customerUser = userInfo({
  customer_id: 7,
  custom: { id: 7, company_name: '华东精机', name: '华东' },
  role_menu: [
    { menu: P, action: ACTION.query | ACTION.add | ACTION.edit | ACTION.delete | ACTION.export | ACTION.assign | ACTION.tag },
    { menu: '/manager/tag', action: ACTION.query },
  ],
});

let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: customerUser });
  calls = mockApi({
    ...around,
    [`PUT ${P}/1`]: (body) => ok({ ...boxes[0], ...(body as object) }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('网关设备 for a customer’s user', { timeout: 60_000 }, () => {
  it('offers none of the vendor’s controls, even with their bits: no 新增, no 分配客户; 重置密钥 needs its own bit', async () => {
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    // the bulk actions show with a selection
    const user = userEvent.setup({ delay: null });
    await user.click(within(screen.getByText('一号网关').closest('tr')!).getByRole('checkbox'));
    expect(screen.getByText('打标签', { selector: 'button *' })).toBeInTheDocument();
    expect(screen.queryByText(twoChars('新增'))).toBeNull();
    expect(screen.queryByText('分配客户')).toBeNull();
    // nor the stock movements, though they need the same bit
    for (const move of [twoChars('退货'), twoChars('维修'), '维修完成', twoChars('报废')]) expect(screen.queryByText(move, { selector: 'button *' })).toBeNull();
    expect(await offersRowAction(user, screen.getByText('一号网关').closest('tr')!, '重置密钥')).toBe(false);
    // no filter whose choices the user may not read: companies and device types
    const search = within(document.querySelector<HTMLElement>('form.ant-form-inline')!);
    expect(search.queryByLabelText('公司')).toBeNull();
    expect(search.queryByLabelText('设备类型')).toBeNull();
    expect(search.getByLabelText('标签')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/manager/goods' || c.path === '/manager/custom/tree')).toBe(false);
  });

  it('edits only the name, area, address, tags and remark, and sends only those', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    await user.click(within(screen.getByText('一号网关').closest('tr')!).getByText(twoChars('编辑')));
    const form = (await screen.findByText('编辑网关设备', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    const labels = [...form.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual(['设备名称', '地区', '地址', '标签', '备注']);
    await user.clear(within(form).getByLabelText('设备名称'));
    await user.click(within(form).getByLabelText('设备名称'));
    await user.paste('车间一号');
    await user.click(within(form).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual(['PUT', `${P}/1`, { name: '车间一号', area_id: 0, address: '', tag_ids: [5], remark: '' }]);
  });
});

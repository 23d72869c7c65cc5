import { ACTION } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offersRowAction, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { setToken } from '../../utils/auth';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, recordDownloads, twoChars, writes } from '../../test/ui';
import FlasherPage from './FlasherPage';
import { F, batch, batchDetail, batches } from './testing';

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const popconfirm = async (text: RegExp | string) => (await screen.findByText(text)).closest<HTMLElement>('.ant-popover')!;
const CSV = 'gateway_id,secret\nGW260001,s1\n';

let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({
    [`GET ${F}`]: () => ({ ...ok(batches), count: batches.length }),
    [`GET ${F}/3`]: () => ok(batchDetail),
    [`GET ${F}/1/download`]: () =>
      new Response(CSV, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="x.csv"; filename*=UTF-8''${encodeURIComponent('刷机批次-GW260001-GW260003.csv')}` } }),
    [`POST ${F}/2/confirm`]: () => ({ ...ok(null), message: '已入库 3 台设备' }),
    [`POST ${F}`]: (body) => ok(batch({ id: 9, ...(body as object) })),
    'GET /manager/goods': () => ({ ...ok([{ id: 3, name: '4G 网关' }]), count: 1 }),
    'GET /manager/goods/options': () => ok([{ id: 3, name: '4G 网关', code: '4G', price: '0.00' }]),
    'GET /manager/buy_order': () => ({ ...ok([{ id: 5, order_no: 'CG20260301' }]), count: 1 }),
  }).calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('刷机助手', { timeout: 60_000 }, () => {
  it('lists the batches: states in colour, how many boxes are online, downloads only while new, no deleting what is in stock', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<FlasherPage />, F);
    await screen.findByText('GW260001');
    expect(within(rowOf('GW260001')).getByText('待下载')).toHaveClass('ant-tag-warning');
    expect(within(rowOf('GW260004')).getByText('已下载')).toHaveClass('ant-tag-processing');
    expect(within(rowOf('GW260007')).getByText('已入库')).toHaveClass('ant-tag-success');
    expect(within(rowOf('GW260007')).getByText('2 / 3')).toBeInTheDocument();
    expect(await offersRowAction(user, rowOf('GW260004'), '下载 CSV')).toBe(false);
    expect(await offersRowAction(user, rowOf('GW260004'), '确认入库')).toBe(true);
    expect(await offersRowAction(user, rowOf('GW260007'), twoChars('删除'))).toBe(false);
    expect(await offersRowAction(user, rowOf('GW260001'), '下载 CSV')).toBe(true);
    expect(await offersRowAction(user, rowOf('GW260001'), '确认入库')).toBe(false);
    expect(await offersRowAction(user, rowOf('GW260001'), twoChars('删除'))).toBe(true);
  });

  it('warns that the secrets come once, then saves the file under the server’s name', async () => {
    const user = userEvent.setup({ delay: null });
    const { names, files } = recordDownloads();
    setToken('tok-9');
    renderInShell(<FlasherPage />, F);
    await screen.findByText('GW260001');
    await user.click(within(rowOf('GW260001')).getByText('下载 CSV'));
    expect(calls.some((c) => c.path.endsWith('/download'))).toBe(false);
    const warning = await popconfirm(/密钥只能下载一次, 请妥善保存/);
    await user.click(within(warning).getByText(twoChars('确定')));
    await waitFor(() => expect(names).toEqual(['刷机批次-GW260001-GW260003.csv']));
    expect(await files[0].text()).toBe(CSV);
    const download = calls.find((c) => c.path === `${F}/1/download`)!;
    expect(download.token).toBe('tok-9');
  });

  it('confirms a downloaded batch into stock', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<FlasherPage />, F);
    await screen.findByText('GW260004');
    await user.click(within(rowOf('GW260004')).getByText('确认入库'));
    await user.click(within(await popconfirm(/确认后本批所有身份将作为新设备入库/)).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${F}/2/confirm`, undefined]]));
    expect(await screen.findByText('已入库 3 台设备', { selector: '.ant-message *' })).toBeInTheDocument();
  });

  it('creates a batch with a live preview of its first and last gateway id', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<FlasherPage />, F);
    await screen.findByText('GW260001');
    await user.click(screen.getByText(twoChars('新增')));
    const form = within(await modal('新增刷机批次'));
    expect(form.getByTestId('flash-preview')).toHaveTextContent('000001 ~ 000100');
    await user.click(form.getByLabelText('设备类型'));
    await user.click((await screen.findAllByText('4G 网关', { selector: '.ant-select-item-option-content' })).at(-1)!);
    await user.type(form.getByLabelText('网关ID前缀'), 'GW26');
    await user.clear(form.getByLabelText('数量'));
    await user.type(form.getByLabelText('数量'), '250');
    await user.clear(form.getByLabelText('起始序号'));
    await user.type(form.getByLabelText('起始序号'), '9990');
    await user.clear(form.getByLabelText('序号位数'));
    await user.type(form.getByLabelText('序号位数'), '4');
    await waitFor(() => expect(form.getByTestId('flash-preview')).toHaveTextContent('GW269990 ~ GW2610239'));
    await user.click(form.getByText(twoChars('确定')));
    expect(await form.findByText('序号位数不足以容纳本批最后一个序号')).toBeInTheDocument();
    await user.clear(form.getByLabelText('序号位数'));
    await user.type(form.getByLabelText('序号位数'), '5');
    await waitFor(() => expect(form.getByTestId('flash-preview')).toHaveTextContent('GW2609990 ~ GW2610239'));
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual(['POST', F, { goods_id: 3, count: 250, prefix: 'GW26', start: 9990, digits: 5, remark: '' }]);
  });

  it('shows a batch’s identities: first connection, fingerprint, and suspected clones in red', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<FlasherPage />, F);
    await screen.findByText('GW260007');
    await user.click(within(rowOf('GW260007')).getByText(twoChars('详情')));
    const drawer = within((await screen.findByText('刷机批次: GW260007 ~ GW260009')).closest<HTMLElement>('.ant-drawer')!);
    await user.click(drawer.getByRole('tab', { name: '网关身份' }));
    const clone = within((await drawer.findByText('GW260008')).closest('tr')!);
    expect(clone.getByText('2')).toHaveClass('ant-tag-error');
    expect(clone.getByText(/fp-evil/)).toBeInTheDocument();
    expect(clone.getByText('fp-0008')).toBeInTheDocument();
    const waiting = drawer.getAllByText('GW260009').find((cell) => cell.closest('.ant-table-tbody'))!;
    expect(within(waiting.closest('tr')!).getByText('未上线')).toBeInTheDocument();
  });

  it('offers no downloads nor 确认入库 without 编辑', async () => {
    const user = userEvent.setup({ delay: null });
    useUserStore.setState({ info: userInfo({ scope: 'all', role_menu: [{ menu: F, action: ACTION.query }] }) });
    renderInShell(<FlasherPage />, F);
    await screen.findByText('GW260001');
    expect(screen.queryByText('下载 CSV')).toBeNull();
    expect(screen.queryByText('确认入库')).toBeNull();
    // nor under any row's 更多
    for (const id of ['GW260001', 'GW260004', 'GW260007']) {
      expect(await offersRowAction(user, rowOf(id), '下载 CSV')).toBe(false);
      expect(await offersRowAction(user, rowOf(id), '确认入库')).toBe(false);
    }
    expect(screen.queryByText(twoChars('新增'))).toBeNull();
  });
});

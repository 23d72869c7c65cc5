import { ACTION } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, twoChars, writes } from '../../test/ui';
import { SHA, V, version, versions } from './testing';
import VersionPage from './VersionPage';

// TinyMCE does not run in jsdom: the editor is a textarea here
vi.mock('../../components/RichText', () => ({
  default: ({ value, onChange }: { value?: string; onChange?: (html: string) => void }): ReactNode => (
    <textarea aria-label="更新说明编辑器" value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const pick = async (user: ReturnType<typeof userEvent.setup>, text: string) => {
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  await user.click(options.at(-1)!);
};
const NEW_SHA = 'b'.repeat(64);

let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  calls = mockApi({
    [`GET ${V}`]: () => ({ ...ok(versions), count: versions.length }),
    [`GET ${V}/1`]: () => ok(versions[0]),
    [`GET ${V}/2`]: () => ok(versions[1]),
    [`POST ${V}/file`]: () => ok({ file_id: NEW_SHA, file_name: 'gw-2.0.0.bin', size: 5 * 1024 * 1024, sha256: NEW_SHA }),
    [`POST ${V}`]: (body) => ok(version({ id: 9, status: 'draft', ...(body as object) })),
    [`PUT ${V}/1`]: (body) => ok(version(body as object)),
    [`POST ${V}/2/publish`]: () => ({ ...ok(null), message: '已发布' }),
    'GET /manager/goods': () => ({ ...ok([{ id: 3, name: '4G 网关' }, { id: 4, name: 'WiFi 网关' }]), count: 2 }),
    'GET /manager/goods/options': () => ok([{ id: 3, name: '4G 网关', code: '4G', price: '0.00' }, { id: 4, name: 'WiFi 网关', code: 'WIFI', price: '0.00' }]),
    'GET /manager/tag': () => ({ ...ok([{ id: 6, name: '一车间' }]), count: 1 }),
    'POST /system/rollout': (body) => ok({ id: 12, ...(body as object) }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('版本管理', { timeout: 60_000 }, () => {
  it('lists the releases: sizes in KB/MB, a short SHA-256 to copy, the status tags in their colours', async () => {
    renderInShell(<VersionPage />, V);
    await screen.findByText('1.4.2');
    const published = within(rowOf('1.4.2'));
    expect(published.getByText('已发布')).toHaveClass('ant-tag-success');
    expect(within(rowOf('1.5.0-rc.1')).getByText('草稿')).toHaveClass('ant-tag-processing');
    expect(within(rowOf('1.3.0')).getByText('已删除')).toHaveClass('ant-tag-error');
    expect(published.getByText('1.5 MB')).toBeInTheDocument();
    expect(within(rowOf('1.5.0-rc.1')).getByText('800 B')).toBeInTheDocument();
    expect(published.getByTitle(SHA)).toHaveTextContent(SHA.slice(0, 12));
    expect(published.getByText('4G 网关')).toBeInTheDocument();
    // 发布 on drafts, 推送 on published ones, nothing to edit or delete on a deleted one
    expect(within(rowOf('1.5.0-rc.1')).getByText(twoChars('发布'))).toBeInTheDocument();
    expect(published.queryByText(twoChars('发布'))).toBeNull();
    expect(published.getByText(twoChars('推送'))).toBeInTheDocument();
    expect(within(rowOf('1.5.0-rc.1')).queryByText(twoChars('推送'))).toBeNull();
    expect(within(rowOf('1.3.0')).queryByText(twoChars('编辑'))).toBeNull();
    expect(within(rowOf('1.3.0')).queryByText(twoChars('删除'))).toBeNull();
  });

  it('adds a release: the uploaded file shows its size and SHA-256 and is sent as file_id and file_name', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<VersionPage />, V);
    await screen.findByText('1.4.2');
    await user.click(screen.getByText(twoChars('新增')));
    const form = within(await modal('新增固件版本'));
    await user.click(form.getByText(twoChars('确定')));
    expect(await form.findByText('请上传固件文件')).toBeInTheDocument();
    await user.type(form.getByLabelText('版本号'), '2.0.0');
    await user.click(form.getByLabelText('适用设备类型'));
    await pick(user, 'WiFi 网关');
    await user.upload((await modal('新增固件版本')).querySelector<HTMLInputElement>('input[type=file]')!, new File(['firmware'], 'gw-2.0.0.bin'));
    expect(await form.findByText('5 MB')).toBeInTheDocument();
    expect(form.getByText(NEW_SHA)).toBeInTheDocument();
    expect(form.getByText('gw-2.0.0.bin')).toBeInTheDocument();
    await user.type(await form.findByLabelText('更新说明编辑器'), '<p>新功能</p>');
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls).filter(([, path]) => path === V)).toHaveLength(1));
    expect(writes(calls).find(([, path]) => path === V)).toEqual([
      'POST',
      V,
      { version: '2.0.0', goods_ids: [4], file_id: NEW_SHA, file_name: 'gw-2.0.0.bin', changelog: '<p>新功能</p>' },
    ]);
  });

  it('edits only the changelog of a published release', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<VersionPage />, V);
    await screen.findByText('1.4.2');
    await user.click(within(rowOf('1.4.2')).getByText(twoChars('编辑')));
    const form = within(await modal('编辑固件版本'));
    expect(await form.findByText('已发布的版本只能修改更新说明')).toBeInTheDocument();
    expect(form.getByLabelText('版本号')).toBeDisabled();
    expect(form.queryByText('上传固件')).toBeNull();
    const editor = await form.findByLabelText('更新说明编辑器');
    await user.clear(editor);
    await user.type(editor, '<p>改</p>');
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['PUT', `${V}/1`, { changelog: '<p>改</p>' }]]));
  });

  it('publishes a draft after its confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<VersionPage />, V);
    await screen.findByText('1.4.2');
    await user.click(within(rowOf('1.5.0-rc.1')).getByText(twoChars('发布')));
    const confirm = (await screen.findByText(/发布后即可推送到设备/)).closest<HTMLElement>('.ant-popover')!;
    await user.click(within(confirm).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${V}/2/publish`, undefined]]));
    expect(await screen.findByText('已发布', { selector: '.ant-message *' })).toBeInTheDocument();
  });

  it('pushes a published release: the dialog starts on it and posts the contract’s body', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<VersionPage />, V);
    await screen.findByText('1.4.2');
    await user.click(within(rowOf('1.4.2')).getByText(twoChars('推送')));
    const form = within(await modal('新建固件推送'));
    expect(form.getByText('1.4.2')).toBeInTheDocument();
    await user.click(form.getByText(twoChars('确定')));
    expect(await form.findByText('请选择推送对象')).toBeInTheDocument();
    await user.click(form.getByText('设备标签'));
    await user.click(await form.findByText('选择设备标签'));
    await pick(user, '一车间');
    await user.click(form.getByLabelText('按比例分批'));
    await user.clear(form.getByLabelText('每批比例(%)'));
    await user.type(form.getByLabelText('每批比例(%)'), '25');
    await user.clear(form.getByLabelText('失败率阈值(%)'));
    await user.type(form.getByLabelText('失败率阈值(%)'), '10');
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual([
      'POST',
      '/system/rollout',
      {
        version_id: 1,
        target: { type: 'tag', ids: [6] },
        batch_percent: 25,
        concurrency: 50,
        pause_seconds: 0,
        stop_failure_percent: 10,
        offline_deadline_minutes: 30,
        remark: '',
      },
    ]);
    await waitFor(() => expect(screen.getByText('推送已创建', { selector: '.ant-message *' })).toBeInTheDocument());
  });

  it('offers no 推送 without 新增 on 版本管理', async () => {
    useUserStore.setState({ info: userInfo({ scope: 'all', role_menu: [{ menu: V, action: ACTION.query | ACTION.edit }] }) });
    renderInShell(<VersionPage />, V);
    await screen.findByText('1.4.2');
    expect(within(rowOf('1.4.2')).queryByText(twoChars('推送'))).toBeNull();
    expect(screen.queryByText(twoChars('新增'))).toBeNull();
    expect(within(rowOf('1.5.0-rc.1')).getByText(twoChars('发布'))).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { recordDownloads } from '../../test/ui';
import { setToken } from '../../utils/auth';
import { ResourceTable } from '.';
import { listBody, renderInShell } from './testing';

const P = '/system/config';
const FAILED = '/custom/api/v1/tools/import_failed/7f3a.xlsx';
const columns: ColumnsType<{ id: number; key: string }> = [{ key: 'key', dataIndex: 'key', title: '键' }];
const xlsx = () => new Response('PK', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
const page = () => <ResourceTable resource={P} title="配置" columns={columns} />;

let calls: ApiCall[];
let downloads: string[];
beforeEach(() => {
  setToken('tok');
  useUserStore.setState({ info: userInfo({ role_menu: [{ menu: P, action: 1 | 2 | 16 }] }) });
  calls = mockApi({
    [`GET ${P}`]: () => listBody(3),
    [`POST ${P}/export`]: () => ok({ id: 4, state: 'queued', progress: 0, row_count: 0, title: '配置', file_name: '', created_at: '' }),
    [`GET ${P}/import/template`]: xlsx,
    [`POST ${P}/import`]: () => ok({ total: 10, saved: 8, failed: 2, failed_url: FAILED }),
    'GET /tools/import_failed/7f3a.xlsx': xlsx,
  }).calls;
  downloads = recordDownloads().names;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('export and import', () => {
  it('exports what the list shows and says where to fetch the file', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(page(), `${P}?page=2&keywords=mqtt&public=1&start_date=2026-01-01&end_date=2026-01-31&sort=-id`);
    await screen.findByText('key_1');
    await user.click(screen.getByText(/^导\s*出$/));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: `${P}/export` }));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      filters: { keywords: 'mqtt', public: '1', start_date: '2026-01-01', end_date: '2026-01-31', sort: '-id' },
    });
    expect(await screen.findByText('已创建导出任务,请到导出管理下载')).toBeInTheDocument();
  });

  it('offers the template, imports an xlsx, shows the counts and downloads the failed rows with the token', async () => {
    const user = userEvent.setup({ applyAccept: false, delay: null });
    renderInShell(page());
    await screen.findByText('key_1');
    await user.click(screen.getByText(/^导\s*入$/));
    const dialog = screen.getByText('导入配置').closest<HTMLElement>('.ant-modal')!;

    await user.click(within(dialog).getByText('下载模板'));
    await waitFor(() => expect(downloads).toEqual(['配置导入模板.xlsx']));
    expect(calls.some((c) => c.path === `${P}/import/template` && c.token === 'tok')).toBe(true);

    // antd renews the file input after each choice
    const input = () => dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input(), new File(['a,b'], 'config.csv', { type: 'text/csv' }));
    expect(await screen.findByText('请上传 xlsx 格式的文件')).toBeInTheDocument();
    expect(calls.some((c) => c.path === `${P}/import`)).toBe(false);

    const lists = calls.filter((c) => c.method === 'GET' && c.path === P).length;
    await user.upload(input(), new File(['PK'], 'config.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    expect(await within(dialog).findByText('成功导入 8 条, 失败 2 条')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === `${P}/import`)).toHaveLength(1);
    // the saved rows show up in the list behind the dialog
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === P).length).toBe(lists + 1));

    await user.click(within(dialog).getByText('下载失败记录'));
    await waitFor(() => expect(downloads).toEqual(['配置导入模板.xlsx', '配置导入失败记录.xlsx']));
    expect(calls.find((c) => c.path === '/tools/import_failed/7f3a.xlsx')?.token).toBe('tok');
  });

  it('offers no import without the add bit and no export without the export bit', async () => {
    useUserStore.setState({ info: userInfo({ role_menu: [{ menu: P, action: 1 | 8 }] }) });
    renderInShell(page());
    await screen.findByText('key_1');
    expect(screen.queryByText(/^导\s*入$/)).toBeNull();
    expect(screen.queryByText(/^导\s*出$/)).toBeNull();
    // 批量删除 shows with a selection
    await userEvent.setup({ delay: null }).click(document.querySelector<HTMLInputElement>('tbody input[type="checkbox"]')!);
    expect(screen.getByText('批量删除')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExportJob } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import ExportPage from './ExportPage';
import { recordDownloads, twoChars } from '../../test/ui';

const P = '/manager/export';
const job = (overrides: Partial<ExportJob>): ExportJob => ({
  id: 1, user_id: 2, username: 'zhang', resource: '/manager/custom', title: '客户', filters: {}, state: 'queued', progress: 0, row_count: 0, total: 0,
  file_name: '', file_size: 0, error: '', created_at: '2026-01-01T00:00:00Z', started_at: null, finished_at: null, expires_at: null, download_url: null,
  ...overrides,
});
const running = job({ state: 'running', progress: 40, row_count: 400, total: 1000 });
const done = job({
  state: 'done', progress: 100, row_count: 1000, total: 1000, file_name: '客户_20260101_080000.xlsx', file_size: 1536, download_url: '/custom/api/v1/manager/export/1/download',
});
const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === P).length;

let calls: ApiCall[];
let jobs: ExportJob[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  jobs = [running];
  calls = mockApi({
    [`GET ${P}`]: () => ({ ...ok(jobs), count: jobs.length }),
    [`GET ${P}/1/download`]: () => new Response('PK', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }),
    [`DELETE ${P}/1`]: () => ok(null),
  }).calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('导出管理', () => {
  it('polls while a job runs, then offers 下载 with the server’s file name and stops polling', async () => {
    const saved = recordDownloads().names;
    const user = userEvent.setup({ delay: null });
    renderInShell(<ExportPage />, P);
    const row = (await screen.findByText('导出中')).closest('tr')!;
    expect(within(row).getByText('40%')).toBeInTheDocument();
    expect(within(row).queryByText('下载')).toBeNull();

    jobs = [done];
    const finished = (await screen.findByText('完成', {}, { timeout: 6000 })).closest('tr')!;
    expect(within(finished).getByText('1.5 KB')).toBeInTheDocument();
    const polls = listCalls(calls);
    expect(polls).toBeGreaterThanOrEqual(2);

    await user.click(within(finished).getByText('下载'));
    await waitFor(() => expect(saved).toEqual(['客户_20260101_080000.xlsx']));
    expect(calls.some((c) => c.path === `${P}/1/download`)).toBe(true);
    // nothing under way any more: no further refreshes
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(listCalls(calls)).toBe(polls);
  });

  it('deletes a job after confirmation', async () => {
    jobs = [done];
    const user = userEvent.setup({ delay: null });
    renderInShell(<ExportPage />, P);
    const row = (await screen.findByText('完成')).closest('tr')!;
    await user.click(within(row).getByText(twoChars('删除')));
    await user.click(within(screen.getByText(/^此操作将永久删除/).closest<HTMLElement>('.ant-popover')!).getByText(twoChars('确定')));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === `${P}/1`)).toBe(true));
  });
});

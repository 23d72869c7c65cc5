import { act, screen, within } from '@testing-library/react';
import type { ExportJob } from '@gw/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { fakeLiveChannel } from '../../test/live';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { setLiveChannel } from '../../utils/live';
import ExportPage from './ExportPage';

const P = '/manager/export';
const job = (overrides: Partial<ExportJob>): ExportJob => ({
  id: 1, user_id: 2, username: 'zhang', resource: '/manager/custom', title: '客户', filters: {}, state: 'queued', progress: 0, row_count: 0, total: 0,
  file_name: '', file_size: 0, error: '', created_at: '2026-01-01T00:00:00Z', started_at: null, finished_at: null, expires_at: null, download_url: null,
  ...overrides,
});
const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === P).length;

let calls: ApiCall[];
let jobs: ExportJob[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  jobs = [job({ state: 'running', progress: 10, total: 1000 })];
  calls = mockApi({ [`GET ${P}`]: () => ({ ...ok(jobs), count: jobs.length }) }).calls;
});
afterEach(() => {
  setLiveChannel(undefined);
  vi.unstubAllGlobals();
});

describe('导出管理 live', () => {
  it('moves a job’s progress as the server reports it, and fetches the finished job for its 下载', async () => {
    const sockets = fakeLiveChannel();
    renderInShell(<ExportPage />, P);
    const row = () => screen.getByText('客户').closest('tr')!;
    await screen.findByText('10%');
    act(() => sockets[0].open());
    act(() => sockets[0].push({ type: 'job', user_id: 2, job_id: 1, status: 'running', progress: 55 }));
    expect(await within(row()).findByText('55%')).toBeInTheDocument();

    const before = listCalls(calls);
    jobs = [job({ state: 'done', progress: 100, row_count: 1000, total: 1000, file_name: '客户.xlsx', file_size: 1536, download_url: '/custom/api/v1/manager/export/1/download' })];
    act(() => sockets[0].push({ type: 'job', user_id: 2, job_id: 1, status: 'done', progress: 100 }));
    expect(await within(row()).findByText('下载', {}, { timeout: 1500 })).toBeInTheDocument();
    expect(within(row()).getByText('完成')).toBeInTheDocument();
    expect(listCalls(calls)).toBeGreaterThan(before);
  });
});

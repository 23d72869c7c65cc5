import { ACTION, MACHINE_MENU } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, settled } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { twoChars } from '../../test/ui';
import { AlarmHistory } from './AlarmHistory';

const ALARMS = '/device/machine/11/alarms';

let calls: ApiCall[];
beforeEach(() => {
  calls = mockApi({
    [`GET ${ALARMS}`]: () => ({
      ...ok([
        { id: 2, alarm_no: 'EX1001', alarm_type: 'EX', alarm_msg: '润滑油不足', started_at: '2026-11-23T06:00:00Z', ended_at: null, duration_s: null },
        { id: 1, alarm_no: 'SV0401', alarm_type: 'SV', alarm_msg: '伺服未就绪', started_at: '2026-11-23T03:00:00Z', ended_at: '2026-11-23T03:20:00Z', duration_s: 1200 },
      ]),
      count: 2,
    }),
    [`POST ${ALARMS}/export`]: () => ({
      ...ok({ id: 9, state: 'queued', progress: 0, row_count: 0, title: '机床报警(L1)', file_name: '', created_at: '' }),
      message: '已加入导出队列,请在导出管理中查看进度并下载',
    }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

const grant = (action: number) => useUserStore.setState({ info: userInfo({ role_menu: [{ menu: MACHINE_MENU, action }] }) });
const card = async () => (await screen.findByText('报警历史')).closest('.ant-card') as HTMLElement;

describe('报警历史', () => {
  it('lists the alarms with 报警中 for one still on and how long each lasted', async () => {
    grant(ACTION.query);
    renderInShell(<AlarmHistory id={11} />, '/device/machine/11');
    const alarms = await card();
    expect(await within(alarms).findByText('润滑油不足')).toBeInTheDocument();
    const headers = within(alarms).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['报警号', '类型', '报警信息', '开始时间', '结束时间', '持续时间']));
    expect(within(alarms).getByText('报警中')).toBeInTheDocument();
    expect(within(alarms).getByText('20 分')).toBeInTheDocument();
    // no 导出 without 机床's 导出
    expect(within(alarms).queryByText(twoChars('导出'))).toBeNull();
  });

  it('exports what the list shows, under its filters, as an export job', async () => {
    grant(ACTION.query | ACTION.export);
    const user = userEvent.setup();
    renderInShell(<AlarmHistory id={11} />, '/device/machine/11');
    const alarms = await card();
    await within(alarms).findByText('润滑油不足');
    await user.type(within(alarms).getByRole('textbox', { name: '请输入关键词' }), '润滑{Enter}');
    await settled();
    await user.click(within(alarms).getByRole('combobox', { name: '状态' }));
    await user.click(await screen.findByTitle('报警中'));
    await settled();
    await user.click(within(alarms).getByText(twoChars('导出')));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: `${ALARMS}/export` }));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ filters: { keywords: '润滑', active: 'yes', sort: '-started_at' } });
    expect(await screen.findByText('已创建导出任务,请到导出管理下载')).toBeInTheDocument();
  });
});

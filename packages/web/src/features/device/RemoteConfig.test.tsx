import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickRowAction, renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, json, mockApi, ok, userInfo } from '../../test/mockApi';
import { dialog, twoChars, writes } from '../../test/ui';
import DevicePage from './DevicePage';
import { P, around, box, boxes } from '../../test/boxes';

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

let calls: ApiCall[];
/** The box's config as the box holds it. */
let config: Record<string, unknown>;
let firmware: string;
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  config = { interval: 5, server: 'mqtt.example.com' };
  firmware = 'v1.2.0';
  calls = mockApi({
    ...around,
    [`GET ${P}`]: () => ({ ...ok([box({ ...boxes[0], firmware_version: firmware }), boxes[1]]), count: 2 }),
    [`POST ${P}/1/refresh`]: () => {
      firmware = 'v1.3.0';
      return { ...ok({ id: 1, gateway_id: 'GW-001', firmware_version: 'v1.3.0', fingerprint: 'fp-aa01', imei: '', iccid: '', config, updated: ['firmware_version'] }), message: '设备信息已更新' };
    },
    [`POST ${P}/1/box_login`]: (body) =>
      (body as { password: string }).password === 'admin123' ? ok({ expires_at: '2026-11-23T14:00:00Z' }) : json({ code: 410, message: '密码错误', data: null }, 410),
    [`POST ${P}/1/box_api`]: (body) => {
      const { method, data } = body as { method: string; url: string; data?: Record<string, unknown> };
      if (method === 'POST') config = data!;
      return ok(method === 'GET' ? config : null);
    },
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('网关设备: 刷新 and 远程配置', { timeout: 60_000 }, () => {
  it('刷新 reads the box again: 刷新成功 and the row shows the new firmware', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    expect(within(rowOf('一号网关')).getByText('v1.2.0')).toBeInTheDocument();
    await clickRowAction(user, rowOf('一号网关'), twoChars('刷新'));
    expect(await screen.findByText('刷新成功')).toBeInTheDocument();
    expect(await within(rowOf('一号网关')).findByText('v1.3.0')).toBeInTheDocument();
    expect(writes(calls)).toEqual([['POST', `${P}/1/refresh`, undefined]]);
  });

  it('远程配置 asks the box’s password: a wrong one says 密码错误 and stays; the right one shows the config to edit and save', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    await clickRowAction(user, rowOf('一号网关'), '远程配置');
    await screen.findByText('远程配置 · 登录设备 GW-001');
    await user.type(within(dialog()).getByLabelText('设备密码'), 'wrong');
    await user.click(within(dialog()).getByText(twoChars('确定')));
    expect(await screen.findByText('密码错误')).toBeInTheDocument();
    // still asking: nothing of the box was read
    expect(dialog()).toHaveTextContent('远程配置 · 登录设备 GW-001');
    expect(calls.some((call) => call.path.endsWith('/box_api'))).toBe(false);

    const password = within(dialog()).getByLabelText('设备密码');
    await user.clear(password);
    await user.type(password, 'admin123');
    await user.click(within(dialog()).getByText(twoChars('确定')));
    await screen.findByText('远程配置 · GW-001');
    const editor = await waitFor(() => {
      const text = within(dialog()).getByLabelText<HTMLTextAreaElement>('设备配置 (JSON)');
      expect(text.value).toContain('"server": "mqtt.example.com"');
      return text;
    });
    await user.clear(editor);
    await user.type(editor, '{{"interval": 10}');
    await user.click(within(dialog()).getByText(twoChars('保存')));
    expect(await screen.findByText('配置已保存到设备')).toBeInTheDocument();
    expect(writes(calls).slice(-2)).toEqual([
      ['POST', `${P}/1/box_api`, { method: 'GET', url: '/api/config' }],
      ['POST', `${P}/1/box_api`, { method: 'POST', url: '/api/config', data: { interval: 10 } }],
    ]);
  });
});

import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { fakeLiveChannel } from '../../test/live';
import { mockApi, userInfo } from '../../test/mockApi';
import { setLiveChannel } from '../../utils/live';
import DevicePage from './DevicePage';
import { P, around } from '../../test/boxes';

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  mockApi(around);
});
afterEach(() => {
  setLiveChannel(undefined);
  vi.unstubAllGlobals();
});

describe('网关设备 live', { timeout: 60_000 }, () => {
  it('turns a box’s 是否在线 dot grey or green as the server says it went offline or came online, without a reload', async () => {
    const sockets = fakeLiveChannel();
    renderInShell(<DevicePage />, P);
    await screen.findByText('一号网关');
    expect(within(rowOf('一号网关')).getByText('在线')).toBeInTheDocument();
    expect(within(rowOf('二号网关')).getByText('离线')).toBeInTheDocument();

    act(() => sockets[0].open());
    expect(sockets[0].sent[0]).toEqual({ token: 'tok-1' });
    act(() => {
      sockets[0].push({ type: 'presence', customer_id: 1, device_id: 1, gateway_id: 'G1', online: false, at: '2026-11-23T12:00:00Z' });
      sockets[0].push({ type: 'presence', customer_id: 1, device_id: 2, gateway_id: 'G2', online: true, at: '2026-11-23T12:00:00Z' });
    });
    expect(await within(rowOf('一号网关')).findByText('离线')).toBeInTheDocument();
    expect(await within(rowOf('二号网关')).findByText('在线')).toBeInTheDocument();
    expect(rowOf('二号网关').querySelector('.ant-badge-status-success')).not.toBeNull();
  });
});

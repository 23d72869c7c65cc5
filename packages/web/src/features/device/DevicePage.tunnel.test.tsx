import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TUNNEL_STATES } from '@gw/contracts';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { mockApi, ok, userInfo } from '../../test/mockApi';
import DevicePage from './DevicePage';
import { P, around, box } from '../../test/boxes';

/** One box in each tunnel state, named after it. */
const boxes = TUNNEL_STATES.map((tunnel_state, i) => box({ id: i + 1, gateway_id: `GW-T${i}`, name: `隧道${i}`, tunnel_state }));

beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  mockApi({ ...around, [`GET ${P}`]: () => ({ ...ok(boxes), count: boxes.length }) });
});

describe('网关设备 隧道', { timeout: 60_000 }, () => {
  it('says in words where each box’s tunnel stands', async () => {
    renderInShell(<DevicePage />, P);
    await screen.findByText('隧道0');
    const said = boxes.map((b) => within(screen.getByText(b.name).closest('tr')!).getByText(/未授权 VPN|未上报密钥|密钥不符|远程访问未配置|等待网关确认|已下发|已连接/).textContent);
    expect(said).toEqual(['未授权 VPN', '未上报密钥', '密钥不符', '远程访问未配置', '等待网关确认', '已下发', '已连接']);
  });
});

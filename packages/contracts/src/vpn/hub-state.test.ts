import { beforeAll, describe, expect, it } from 'vitest';
import { applyChineseMessages } from '../locale.js';
import { parseHubState, type HubState } from './hub-state.js';

const key = (n: number) => Buffer.alloc(32, n).toString('base64');

const valid = (): HubState => ({
  interface: { name: 'gw0', private_key: key(1), listen_port: 51820, address: '10.8.0.1/16' },
  boxes: [
    { id: 'A1', public_key: key(2), vpn_ip: '10.8.0.2/32', machine_net: '10.100.1.0/24' },
    { id: 'B1', public_key: key(3), vpn_ip: '10.8.0.3/32', machine_net: '10.100.2.0/24' },
  ],
  clients: [{ id: 'c1', public_key: key(4), address: '10.9.0.2/32' }],
  flows: [{ id: 's1', client: '10.9.0.2', to: [{ address: '10.100.1.0/24' }, { address: '10.8.0.2', ports: [80, 22] }] }],
});

/** The errors of a state changed by `change`. */
const errorsOf = (change: (state: HubState) => void) => {
  const state = valid();
  change(state);
  const result = parseHubState(state);
  return result.ok ? [] : result.errors;
};

beforeAll(() => applyChineseMessages());

describe('the hub state', () => {
  it('takes a state of an interface, boxes, clients and flows', () => {
    expect(parseHubState(valid())).toEqual({ ok: true, state: valid() });
  });

  it('names the field of a malformed key in Chinese', () => {
    expect(errorsOf((s) => (s.boxes[1].public_key = 'not-a-key'))).toEqual([expect.stringMatching(/^boxes\[1\]\.public_key: 盒子公钥格式不正确/)]);
    expect(errorsOf((s) => (s.interface.private_key = ''))).toEqual(['interface.private_key: 接口私钥不能为空']);
  });

  it('refuses bad addresses, networks and names', () => {
    expect(errorsOf((s) => (s.boxes[0].vpn_ip = '10.8.0.2'))).toEqual([expect.stringMatching(/^boxes\[0\]\.vpn_ip: 盒子 VPN 地址应为单个 IPv4 地址加 \/32/)]);
    expect(errorsOf((s) => (s.boxes[0].machine_net = '10.100.1.5/24'))).toEqual([expect.stringMatching(/^boxes\[0\]\.machine_net: 机床网段应为 \/24/)]);
    expect(errorsOf((s) => (s.boxes[0].machine_net = '10.100.0.0/16'))).toHaveLength(1);
    expect(errorsOf((s) => (s.clients[0].address = '10.9.0.300/32'))).toHaveLength(1);
    expect(errorsOf((s) => (s.interface.address = '10.8.0.0/16'))).toEqual(['interface.address: 接口地址不能是网段的网络地址或广播地址']);
    expect(errorsOf((s) => (s.interface.name = 'gw0; reboot'))).toEqual([expect.stringMatching(/^interface\.name: 接口名称应为/)]);
    expect(errorsOf((s) => (s.interface.name = 'a-name-too-long-for-linux'))).toHaveLength(1);
    expect(errorsOf((s) => (s.flows[0].to[0].address = '10.100.1.0/23'))).toHaveLength(1);
    expect(errorsOf((s) => (s.flows[0].to[1].ports = [80, 80]))).toEqual(['flows[0].to[1].ports: 端口重复']);
    expect(errorsOf((s) => (s.flows[0].to[1].ports = [0]))).toEqual(['flows[0].to[1].ports[0]: 端口应在 1–65535 之间']);
  });

  it('refuses a field it does not know, and a missing one, by name', () => {
    const extra = { ...valid(), peers: [] };
    expect(parseHubState(extra)).toMatchObject({ ok: false, errors: [expect.stringContaining('peers')] });
    const { listen_port: _, ...noPort } = valid().interface;
    const result = parseHubState({ ...valid(), interface: noPort });
    expect(result).toMatchObject({ ok: false, errors: [expect.stringMatching(/^interface\.listen_port: /)] });
  });

  it('refuses overlapping addresses and networks, naming the one it clashes with', () => {
    expect(errorsOf((s) => (s.boxes[1].vpn_ip = '10.8.0.2/32'))).toEqual(['boxes[1].vpn_ip: 地址 10.8.0.2/32 与 盒子 A1 的 VPN 地址 10.8.0.2/32 重叠']);
    expect(errorsOf((s) => (s.boxes[1].machine_net = '10.100.1.0/24'))).toEqual([expect.stringMatching(/^boxes\[1\]\.machine_net: 地址 10\.100\.1\.0\/24 与 盒子 A1 的机床网段/)]);
    // (and the flow from the client's old address no longer has a client)
    expect(errorsOf((s) => (s.clients[0].address = '10.100.2.9/32'))).toContainEqual(expect.stringMatching(/^clients\[0\]\.address: .*与 盒子 B1 的机床网段/));
    expect(errorsOf((s) => (s.boxes[1].vpn_ip = '10.8.0.1/32'))).toEqual([expect.stringMatching(/与 集线器地址 10\.8\.0\.1 重叠/)]);
    expect(errorsOf((s) => (s.boxes[1].machine_net = '10.8.9.0/24'))).toEqual([expect.stringMatching(/与集线器的隧道网段 10\.8\.0\.0\/16 重叠/)]);
  });

  it('refuses repeated ids and a public key two peers share', () => {
    expect(errorsOf((s) => (s.boxes[1].id = 'A1'))).toEqual(['boxes[1].id: 盒子编号重复: 与 boxes[0] 相同']);
    expect(errorsOf((s) => (s.clients[0].public_key = s.boxes[0].public_key))).toEqual(['clients[0].public_key: 公钥重复: 与 boxes[0] 相同']);
    expect(errorsOf((s) => s.flows.push({ ...s.flows[0] }))).toEqual(['flows[1].id: 访问规则编号重复: 与 flows[0] 相同']);
  });

  it('refuses a flow from an address no client has, or to an address no box holds', () => {
    expect(errorsOf((s) => (s.flows[0].client = '10.9.0.3'))).toEqual(['flows[0].client: 10.9.0.3 不是任何客户端的地址']);
    expect(errorsOf((s) => (s.flows[0].to[0].address = '10.100.3.0/24'))).toEqual([expect.stringMatching(/^flows\[0\]\.to\[0\]\.address: 目的地址 10\.100\.3\.0\/24 不属于任何盒子/)]);
    expect(errorsOf((s) => (s.flows[0].to[0].address = '10.9.0.2'))).toHaveLength(1);
  });

  it('lets two flows grant the same destination (two sessions of one engineer)', () => {
    expect(errorsOf((s) => s.flows.push({ ...s.flows[0], id: 's2' }))).toEqual([]);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOX_API, type HubState } from '@gw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHub, type Hub } from '../../../server/src/vpn-hub/hub.js';
import { generateKeyPair } from '../../../server/src/vpn-hub/keys.js';
import { createRunner as hubRunner } from '../../../server/src/vpn-hub/runner.js';
import { type Fleet, startFleet } from '../fleet.js';
import type { BoxIdentity } from '../identity.js';
import { createLab, type Lab, type Namespace } from '../netns/lab.js';
import { startAgent, type Agent } from '../netns/services.js';
import { startTunnel } from '../netns/tunnel.js';
import { testBroker } from '../test/broker.js';
import { platformSide } from '../test/platform.js';
import { wgKeyPairOf } from '../wireguard.js';
import { underlayBlock } from './underlay.js';
import { startVpnLab, vpnProblem, type VpnLab } from './vpn-lab.js';

// Needs root, iproute2, wg, nft and (without kernel WireGuard) wireguard-go: said in one line when skipped.
const problem = vpnProblem();
if (problem) console.log(`[vpn] 跳过模拟网关隧道的命名空间测试 (simulator --vpn netns test skipped): ${problem}`);

const GW = 'SIM-V-0001';
const SECRET = 'vpn-box-secret';
const CLIENT = '10.9.0.2';
const ENDPOINT = '198.18.100.1';
const PORT = 51820;
const hubKey = generateKeyPair();
const clientKey = generateKeyPair();
// M1 without an address in the identity (the platform's order puts it at .2), M2 given one and kept behind the NAT
const identity: BoxIdentity = { gateway_id: GW, secret: SECRET, machines: [{ code: 'M1', category: 'fanuc' }, { code: 'M2', category: 'fanuc', ip: '10.100.1.3' }] };
const boxKey = wgKeyPairOf(identity);
const config = {
  address: '10.8.0.2/32',
  hub: { public_key: hubKey.publicKey, endpoint: `${ENDPOINT}:${PORT}` },
  allowed_ips: ['10.9.0.0/16'],
  keepalive: 25,
  lan: '10.100.1.1/24',
  nat: [{ ip: '10.100.1.3', lan_ip: '192.168.0.20' }],
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function eventually<T>(check: () => Promise<T> | T, timeoutMs: number, what: string): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what}: 等待超时 (${timeoutMs} ms)`);
    await sleep(100);
  }
}

/**
 * A simulated box run as `--vpn` does, told its tunnel over MQTT as the platform tells it, against the hub's own
 * core in a hub namespace: the box's underlay is a veth into the hub's namespace (as the demo wires it), and an
 * engineer's PC in a namespace of its own reaches the box's machine tools through the hub and the box's tunnel.
 */
describe.skipIf(problem !== null)('a simulated box with --vpn, in network namespaces', () => {
  let lab: Lab;
  let hubNs: Namespace;
  let hub: Hub;
  let agent: Agent;
  let vpn: VpnLab;
  let broker: Awaited<ReturnType<typeof testBroker>>;
  let platform: Awaited<ReturnType<typeof platformSide>>;
  let fleet: Fleet;
  const log = (line: string) => console.log(`[vpn] ${line}`);
  const command = (method: string, url: string, data?: unknown) => platform.command(GW, method, url, data);
  const keepDir = mkdtempSync(path.join(tmpdir(), 'gw-sim-vpn-'));
  const startBoxes = async () => {
    vpn = await startVpnLab({ uplinkNetns: hubNs.name, underlay: underlayBlock('198.19.250.0/24') as Exclude<ReturnType<typeof underlayBlock>, string>, keepFile: path.join(keepDir, 'vpn.json'), log });
    fleet = startFleet({ identities: [identity], url: broker.url, rate: 0.2, tunnels: vpn.tunnelFor });
    await fleet.connected(10_000);
  };

  beforeAll(async () => {
    // the hub's side: its namespace (the endpoint on its loopback) and the engineer's PC linked to it
    lab = await createLab('gwt', { runner: hubRunner, log });
    hubNs = await lab.namespace('hub');
    await hubNs.run(['ip', 'addr', 'add', `${ENDPOINT}/32`, 'dev', 'lo']);
    const client = await lab.namespace('client');
    await lab.link(hubNs, '198.18.101.1/30', client, '198.18.101.2/30');
    const name = lab.interfaceName('hub');
    const state: HubState = {
      interface: { name, private_key: hubKey.privateKey, listen_port: PORT, address: '10.8.0.1/16' },
      boxes: [{ id: GW, public_key: boxKey.publicKey, vpn_ip: '10.8.0.2/32', machine_net: '10.100.1.0/24' }],
      clients: [{ id: 'C', public_key: clientKey.publicKey, address: `${CLIENT}/32` }],
      flows: [{ id: 's1', client: CLIENT, to: [{ address: '10.100.1.0/24' }] }],
    };
    hub = createHub({ run: hubNs.run, log });
    await hub.start(state);
    const routes = ['10.8.0.0/16', '10.100.0.0/16'];
    await startTunnel(client, { interfaceName: lab.interfaceName('client'), privateKey: clientKey.privateKey, address: `${CLIENT}/32`, peer: { publicKey: hubKey.publicKey, endpoint: `198.18.101.1:${PORT}`, allowedIps: routes }, routes });
    agent = await startAgent(client);

    // the box's side: the simulator's own lab, its underlay into the hub's namespace
    broker = await testBroker({ [GW]: SECRET });
    platform = await platformSide(broker.url, ['echo/+/v1'], 30_000);
    await startBoxes();
  }, 60_000);

  afterAll(async () => {
    await fleet?.stop();
    await platform?.close();
    await broker?.close();
    await vpn?.cleanup();
    await lab?.cleanup();
    rmSync(keepDir, { recursive: true, force: true });
  });

  it('brings its tunnel up on POST /api/vpn: its machine tools answer on 8193 and 80 through it, at their platform addresses, behind the NAT too', async () => {
    const echo = await command('POST', BOX_API.vpn, config);
    expect(echo).toMatchObject({ ret: 0 });
    expect(fleet.boxes[0].state.vpn).toEqual(config);
    await eventually(async () => (await hub.status()).peers.find((peer) => peer.publicKey === boxKey.publicKey)?.latestHandshake, 10_000, '网关与集线器握手');

    expect(await eventually(() => agent.tcp('10.100.1.2', 8193, 1000), 10_000, '连接 M1 的 8193')).toBe(`机床 M1 (${GW})`);
    expect(await agent.http('10.100.1.2', 80, 2000)).toBe(`<h1>机床 M1 (${GW})</h1>`);
    // M2 keeps its own LAN address; the box's 1:1 NAT takes its platform address there
    expect(await agent.tcp('10.100.1.3', 8193, 2000)).toBe(`机床 M2 (${GW})`);
    expect(await agent.http('10.100.1.3', 80, 2000)).toBe(`<h1>机床 M2 (${GW})</h1>`);
    const names = fleet.boxes[0].state.tunnel!.names;
    const lan = vpn.lab.adopt(names.lan!);
    expect((await lan.run(['ip', '-4', '-o', 'addr', 'show'])).stdout).toContain('192.168.0.20/32');

    // the same config again (the platform missed the answer) changes nothing: an open connection lives on
    const boxNs = vpn.lab.adopt(names.box!);
    const link = async () => (await boxNs.run(['ip', '-o', 'link', 'show', 'dev', names.wg])).stdout.split(':')[0];
    const before = await link();
    const stream = agent.stream('10.100.1.2', 8193);
    await eventually(() => stream.heard.length >= 2, 5000, '长连接收到数据');
    expect(await command('POST', BOX_API.vpn, config)).toMatchObject({ ret: 0 });
    const count = stream.heard.length;
    await eventually(() => stream.heard.length > count + 5, 5000, '重复下发后长连接继续收到数据');
    expect(await link()).toBe(before);
    expect(fleet.boxes[0].state.tunnel!.names.lan).toBe(names.lan);
    await stream.close();
  });

  it('takes it down on DELETE /api/vpn: interface, LAN and NAT gone, the machine tools out of reach', async () => {
    const { box, lan, wg } = fleet.boxes[0].state.tunnel!.names;
    expect(await command('DELETE', BOX_API.vpn)).toMatchObject({ ret: 0 });
    expect(fleet.boxes[0].state.vpn).toBeNull();
    const boxNs = vpn.lab.adopt(box!);
    expect((await boxNs.run(['ip', 'link', 'show', 'dev', wg], { allowFailure: true })).code).not.toBe(0);
    expect((await boxNs.run(['nft', 'list', 'tables'])).stdout).not.toContain('gw_box_nat');
    expect((await vpn.lab.run(['ip', 'netns', 'list'])).stdout).not.toContain(lan!);
    expect(await agent.tcp('10.100.1.2', 8193, 1500)).toBeNull();

    // and up again on the next POST, as after a reconnect
    expect(await command('POST', BOX_API.vpn, config)).toMatchObject({ ret: 0 });
    expect(await eventually(() => agent.tcp('10.100.1.2', 8193, 1000), 10_000, '重建后连接 M1 的 8193')).toBe(`机床 M1 (${GW})`);
  });

  it('comes back from a restart of the simulator with its tunnel, unasked, as a box keeps the config it was given', async () => {
    await fleet.stop();
    await vpn.cleanup();
    expect(await agent.tcp('10.100.1.2', 8193, 1500)).toBeNull();
    await startBoxes();
    expect(fleet.boxes[0].state.vpn).toEqual(config);
    expect(await eventually(() => agent.tcp('10.100.1.2', 8193, 1000), 15_000, '重启后连接 M1 的 8193')).toBe(`机床 M1 (${GW})`);
  });

  it('leaves nothing behind once the run cleans up', async () => {
    const prefix = vpn.lab.prefix;
    await fleet.stop();
    await vpn.cleanup();
    expect((await lab.run(['ip', 'netns', 'list'])).stdout).not.toContain(prefix);
    expect((await lab.run(['ip', '-o', 'link', 'show'])).stdout).not.toContain(prefix);
    expect((await hubNs.run(['ip', '-o', 'link', 'show'])).stdout).not.toContain(prefix);
  });
});

import { existsSync, readFileSync, statSync } from 'node:fs';
import type { HubState } from '@gw/contracts';
import { describe, expect, it } from 'vitest';
import { HubStateError } from './errors.js';
import { createHub } from './hub.js';
import { generateKeyPair } from './keys.js';
import { fakeHost } from './test/fake-host.js';

const hubKey = generateKeyPair();
const [boxA, boxB, client] = [generateKeyPair(), generateKeyPair(), generateKeyPair()];

const state = (flows: HubState['flows'] = []): HubState => ({
  interface: { name: 'gw0', private_key: hubKey.privateKey, listen_port: 51820, address: '10.8.0.1/16' },
  boxes: [
    { id: 'A', public_key: boxA.publicKey, vpn_ip: '10.8.0.2/32', machine_net: '10.100.1.0/24' },
    { id: 'B', public_key: boxB.publicKey, vpn_ip: '10.8.0.3/32', machine_net: '10.100.2.0/24' },
  ],
  clients: [{ id: 'C', public_key: client.publicKey, address: '10.9.0.2/32' }],
  flows,
});
const toA = { id: 's1', client: '10.9.0.2', to: [{ address: '10.100.1.0/24' }, { address: '10.8.0.2', ports: [80] }] };
const silent = () => {};

describe('the hub on a fresh host', () => {
  it('puts its drop-policy table in place before the interface exists, is up or has a peer', async () => {
    const host = fakeHost();
    await createHub({ run: host.run, log: silent, conntrack: false }).start(state([toA]));
    const commands = host.commands();
    expect(commands[0]).toBe('nft -f -');
    expect(host.calls[0].input).toMatch(/policy drop;/);
    expect(host.calls[0].input).toContain('10.9.0.2 . 10.100.1.0/24');
    expect(host.calls[0].input).toContain('10.9.0.2 . 10.8.0.2 . 80');
    const at = (pattern: RegExp) => commands.findIndex((command) => pattern.test(command));
    expect(at(/^ip link add dev gw0 type wireguard$/)).toBeGreaterThan(0);
    expect(at(/^wg set gw0 peer /)).toBeGreaterThan(at(/^ip link add/));
    expect(at(/^ip link set dev gw0 up$/)).toBeGreaterThan(at(/^wg set gw0 peer /));
    expect(commands.at(-1)).toBe('sysctl -q -w net.ipv4.ip_forward=1');
  });

  it('never puts the private key on a command line: wg reads it from a file only root reads, removed at once', async () => {
    let file = '';
    let seen: { text: string; mode: number } | undefined;
    const host = fakeHost((command) => {
      const match = / private-key (\S+)$/.exec(command);
      if (match) [file, seen] = [match[1], { text: readFileSync(match[1], 'utf8'), mode: statSync(match[1]).mode & 0o777 }];
      return undefined;
    });
    await createHub({ run: host.run, log: silent, conntrack: false }).start(state());
    expect(host.commands().join('\n')).not.toContain(hubKey.privateKey);
    expect(seen).toEqual({ text: `${hubKey.privateKey}\n`, mode: 0o600 });
    expect(existsSync(file)).toBe(false);
  });

  it('gives each box its address and /24, each client its address, and routes what the interface network lacks', async () => {
    const host = fakeHost();
    await createHub({ run: host.run, log: silent, conntrack: false }).start(state());
    const peers = host.commands().find((command) => command.startsWith('wg set gw0 peer'));
    expect(peers).toContain(`peer ${boxA.publicKey} allowed-ips 10.100.1.0/24,10.8.0.2/32`);
    expect(peers).toContain(`peer ${client.publicKey} allowed-ips 10.9.0.2/32`);
    const batch = host.calls.find((call) => call.argv.join(' ') === 'ip -batch -');
    expect(batch?.input?.trim().split('\n')).toEqual(['route replace 10.100.1.0/24 dev gw0', 'route replace 10.100.2.0/24 dev gw0', 'route replace 10.9.0.2 dev gw0']);
  });

  it('refuses a state with a malformed key before running anything, saying which field', async () => {
    const host = fakeHost();
    const lines: string[] = [];
    const bad = state();
    bad.clients[0].public_key = 'AAAA';
    const error = await createHub({ run: host.run, log: (line) => lines.push(line), conntrack: false }).start(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HubStateError);
    expect((error as HubStateError).errors).toEqual([expect.stringMatching(/^clients\[0\]\.public_key: 客户端公钥格式不正确/)]);
    expect(host.calls).toEqual([]);
    expect(lines).toHaveLength(1);
  });

  it('refuses a peer holding the hub’s own key', async () => {
    const host = fakeHost();
    const bad = state();
    bad.boxes[1].public_key = hubKey.publicKey;
    await expect(createHub({ run: host.run, log: silent, conntrack: false }).start(bad)).rejects.toThrow('boxes[1].public_key: 与集线器自己的公钥相同');
    expect(host.calls).toEqual([]);
  });
});

describe('the hub applying a later state', () => {
  it('cuts a flow first, in one nft transaction, and touches nothing else', async () => {
    const host = fakeHost();
    const hub = createHub({ run: host.run, log: silent, conntrack: false });
    await hub.start(state([toA]));
    host.calls.length = 0;
    await hub.apply(state());
    expect(host.calls).toEqual([
      { argv: ['nft', '-f', '-'], input: 'delete element inet gw_hub pairs { 10.9.0.2 . 10.100.1.0/24 }\ndelete element inet gw_hub ports { 10.9.0.2 . 10.8.0.2 . 80 }\n' },
    ]);
  });

  it('removes a client that is gone: its grants, then its peer, then its route', async () => {
    const host = fakeHost();
    const hub = createHub({ run: host.run, log: silent, conntrack: false });
    await hub.start(state([toA]));
    host.calls.length = 0;
    await hub.apply({ ...state(), clients: [] });
    expect(host.commands()).toEqual(['nft -f -', `wg set gw0 peer ${client.publicKey} remove`, 'ip -batch -']);
    expect(host.calls[2].input).toBe('route del 10.9.0.2 dev gw0\n');
  });

  it('refuses a bad later state and keeps the last one', async () => {
    const host = fakeHost();
    const hub = createHub({ run: host.run, log: silent, conntrack: false });
    await hub.start(state([toA]));
    host.calls.length = 0;
    await expect(hub.apply({ ...state(), flows: [{ ...toA, to: [{ address: '10.100.1.0/33' }] }] })).rejects.toBeInstanceOf(HubStateError);
    expect(host.calls).toEqual([]);
    expect(hub.state?.flows).toEqual([toA]);
  });

  it('refuses another interface name while it runs (that takes a restart)', async () => {
    const host = fakeHost();
    const hub = createHub({ run: host.run, log: silent, conntrack: false });
    await hub.start(state());
    host.calls.length = 0;
    const renamed = state();
    renamed.interface.name = 'gw1';
    await expect(hub.apply(renamed)).rejects.toThrow('interface.name: 运行中不能更换接口名称 (gw0 → gw1), 请重启集线器');
    expect(host.calls).toEqual([]);
  });

  it('applies the whole state again when the host no longer holds what it applied last', async () => {
    let broken = true;
    const host = fakeHost((command) => (command === 'nft -f -' && broken ? ((broken = false), { code: 1, stderr: 'Error: Could not process rule: No such file or directory' }) : undefined));
    const lines: string[] = [];
    const hub = createHub({ run: host.run, log: (line) => lines.push(line), conntrack: false });
    broken = false;
    await hub.start(state([toA]));
    broken = true;
    host.calls.length = 0;
    await hub.apply(state());
    expect(host.calls[1]).toMatchObject({ argv: ['nft', '-f', '-'], input: expect.stringMatching(/^table inet gw_hub \{\}\ndelete table inet gw_hub\n/) });
    expect(lines.at(-1)).toMatch(/改为完整应用/);
  });

  it('deletes the conntrack entries of removed grants when asked (and conntrack is there)', async () => {
    const host = fakeHost();
    const hub = createHub({ run: host.run, log: silent, conntrack: true });
    await hub.start(state([toA]));
    host.calls.length = 0;
    await hub.apply(state());
    expect(host.commands().slice(1)).toEqual(['conntrack -D -s 10.9.0.2 -d 10.100.1.0 --mask-dst 255.255.255.0', 'conntrack -D -s 10.9.0.2 -d 10.8.0.2']);
  });
});

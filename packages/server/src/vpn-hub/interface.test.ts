import { describe, expect, it } from 'vitest';
import { HubCommandError, HubUnavailableError } from './errors.js';
import { ensureInterface } from './interface.js';
import { fakeHost } from './test/fake-host.js';

const unknownType = (command: string) => (command.endsWith('type wireguard') ? { code: 2, stderr: 'Error: Unknown device type.\n' } : undefined);
const found = (tool: string) => `/usr/bin/${tool}`;

describe('the hub’s interface', () => {
  it('is made by the kernel where it has WireGuard', async () => {
    const host = fakeHost();
    expect(await ensureInterface(host.run, 'gw0', () => {}, found)).toBe('kernel');
    expect(host.commands()).toEqual(['ip link show dev gw0', 'ip link add dev gw0 type wireguard']);
  });

  it('is made by wireguard-go when the kernel says "Unknown device type", and says so', async () => {
    const host = fakeHost(unknownType);
    const lines: string[] = [];
    expect(await ensureInterface(host.run, 'gw0', (line) => lines.push(line), found)).toBe('wireguard-go');
    expect(host.commands().at(-1)).toBe('wireguard-go gw0');
    expect(lines).toEqual([expect.stringContaining('wireguard-go')]);
  });

  it('is kept when it is there already (a restart)', async () => {
    const host = fakeHost((command) => (command.startsWith('ip link show') ? { code: 0 } : undefined));
    expect(await ensureInterface(host.run, 'gw0', () => {}, found)).toBe('existing');
    expect(host.commands()).toEqual(['ip link show dev gw0']);
  });

  it('fails with a typed error when neither the kernel nor wireguard-go can make it', async () => {
    await expect(ensureInterface(fakeHost(unknownType).run, 'gw0', () => {}, () => null)).rejects.toBeInstanceOf(HubUnavailableError);
    const refused = fakeHost((command) => (command.endsWith('type wireguard') ? { code: 2, stderr: 'RTNETLINK answers: Operation not permitted\n' } : undefined));
    await expect(ensureInterface(refused.run, 'gw0', () => {}, found)).rejects.toBeInstanceOf(HubCommandError);
  });
});

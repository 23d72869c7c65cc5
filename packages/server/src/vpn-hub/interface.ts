import { HubCommandError, HubUnavailableError } from './errors.js';
import { findTool } from './host.js';
import { addressesFromJson } from './link.js';
import type { Log, Run } from './runner.js';
import { withSecretFile } from './secret-file.js';

/** How the interface came to be: there already (a restart), made by the kernel, or by wireguard-go. */
export type InterfaceOrigin = 'existing' | 'kernel' | 'wireguard-go';

/**
 * Makes the WireGuard interface if it is not there, down: the kernel's first (`type wireguard`), Debian's
 * userspace wireguard-go when the kernel answers "Unknown device type" (no module). wireguard-go puts itself in
 * the background and keeps the interface until it is deleted; its control socket is
 * /var/run/wireguard/<name>.sock, which `wg` finds by the interface's name.
 */
export async function ensureInterface(run: Run, name: string, log: Log, find: (tool: string) => string | null = findTool): Promise<InterfaceOrigin> {
  if ((await run(['ip', 'link', 'show', 'dev', name], { allowFailure: true })).code === 0) return 'existing';
  const kernel = await run(['ip', 'link', 'add', 'dev', name, 'type', 'wireguard'], { allowFailure: true });
  if (kernel.code === 0) return 'kernel';
  if (!/unknown device type/i.test(kernel.stderr)) {
    const message = `无法创建接口 ${name} (cannot create interface): ${kernel.stderr.trim()}`;
    log(message);
    throw new HubCommandError(message, ['ip', 'link', 'add', 'dev', name, 'type', 'wireguard'], kernel.code, kernel.stderr);
  }
  if (!find('wireguard-go')) {
    const message = '内核没有 WireGuard 模块, 也找不到 wireguard-go (no kernel WireGuard and no wireguard-go): apt-get install wireguard-go';
    log(message);
    throw new HubUnavailableError(message, 'missing-tools', ['wireguard-go']);
  }
  await run(['wireguard-go', name]);
  log(`接口 ${name} 由 wireguard-go 创建 (内核无 WireGuard 模块, 用户态转发) / interface made by wireguard-go`);
  return 'wireguard-go';
}

/** Gives the interface exactly `address` (`10.8.0.1/16`): added if missing, any other IPv4 address removed. */
export async function syncAddress(run: Run, name: string, address: string): Promise<void> {
  const current = addressesFromJson((await run(['ip', '-j', 'addr', 'show', 'dev', name])).stdout);
  if (!current.includes(address)) await run(['ip', 'addr', 'replace', address, 'dev', name]);
  for (const other of current.filter((entry) => entry !== address)) await run(['ip', 'addr', 'del', other, 'dev', name]);
}

/** Gives the interface its private key (from a file only root reads, never an argument) and its listen port. */
export async function setKeyAndPort(run: Run, name: string, privateKey: string, listenPort?: number): Promise<void> {
  const port = listenPort === undefined ? [] : ['listen-port', String(listenPort)];
  await withSecretFile(privateKey, (file) => run(['wg', 'set', name, ...port, 'private-key', file]));
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Namespace } from './lab.js';
import type { Log, Run } from './run.js';

export interface TunnelOptions {
  /** A name unique on the machine (`lab.interfaceName`). */
  interfaceName: string;
  privateKey: string;
  /** Its address on the tunnel, `10.8.0.2/32`. */
  address: string;
  /** The hub. */
  peer: { publicKey: string; endpoint: string; allowedIps: string[] };
  /** Networks sent into the tunnel (those of allowedIps the address does not cover): `10.9.0.0/16` … */
  routes: string[];
  keepalive?: number;
}

/**
 * A WireGuard interface in `run`'s namespace: the kernel's (`type wireguard`) where it has the module, else the
 * userspace wireguard-go, which puts itself in the background and lives until the interface is deleted.
 */
export async function makeWireGuardInterface(run: Run, name: string, log: Log = () => {}): Promise<'kernel' | 'wireguard-go'> {
  const kernel = await run(['ip', 'link', 'add', 'dev', name, 'type', 'wireguard'], { allowFailure: true });
  if (kernel.code === 0) return 'kernel';
  if (!/unknown device type/i.test(kernel.stderr)) throw new Error(`无法创建接口 ${name}: ${kernel.stderr.trim()}`);
  await run(['wireguard-go', name]);
  log(`接口 ${name} 由 wireguard-go 创建 (内核无 WireGuard 模块)`);
  return 'wireguard-go';
}

/**
 * Gives the interface its private key. `wg` reads a key only from a file (a pipe from Node is a socket it cannot
 * open), and a file, unlike an argument, is not shown by `ps`: one only root reads, removed at once.
 */
export async function setPrivateKey(run: Run, name: string, privateKey: string): Promise<void> {
  const dir = mkdtempSync(path.join(process.getuid?.() === 0 ? '/run' : tmpdir(), 'gw-box-'));
  try {
    writeFileSync(path.join(dir, 'key'), `${privateKey}\n`, { mode: 0o600 });
    await run(['wg', 'set', name, 'private-key', path.join(dir, 'key')]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The far end of a tunnel in its own namespace, as a box or an engineer's PC sets it up (`wg-quick` would do the
 * same): an interface (the kernel's, or wireguard-go), its key, the hub as its one peer, its address and routes.
 */
export async function startTunnel(ns: Namespace, options: TunnelOptions, log: Log = () => {}): Promise<void> {
  const { interfaceName: name, peer } = options;
  await makeWireGuardInterface(ns.run, name, log);
  await setPrivateKey(ns.run, name, options.privateKey);
  await ns.run(['wg', 'set', name, 'peer', peer.publicKey, 'endpoint', peer.endpoint, 'allowed-ips', peer.allowedIps.join(','), 'persistent-keepalive', String(options.keepalive ?? 25)]);
  await ns.run(['ip', 'addr', 'add', options.address, 'dev', name]);
  await ns.run(['ip', 'link', 'set', 'dev', name, 'up']);
  for (const route of options.routes) await ns.run(['ip', 'route', 'replace', route, 'dev', name]);
}

import { ensureInterface, setKeyAndPort } from '../interface.js';
import type { Log } from '../runner.js';
import type { Namespace } from './netns.js';

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
 * The far end of a tunnel in its own namespace, as a box or an engineer's PC sets it up (`wg-quick` would do the
 * same): an interface (the kernel's, or wireguard-go), its key, the hub as its one peer, its address and routes.
 */
export async function startTunnel(ns: Namespace, options: TunnelOptions, log: Log = () => {}): Promise<void> {
  const { interfaceName: name, peer } = options;
  await ensureInterface(ns.run, name, log);
  await setKeyAndPort(ns.run, name, options.privateKey);
  await ns.run(['wg', 'set', name, 'peer', peer.publicKey, 'endpoint', peer.endpoint, 'allowed-ips', peer.allowedIps.join(','), 'persistent-keepalive', String(options.keepalive ?? 25)]);
  await ns.run(['ip', 'addr', 'add', options.address, 'dev', name]);
  await ns.run(['ip', 'link', 'set', 'dev', name, 'up']);
  for (const route of options.routes) await ns.run(['ip', 'route', 'replace', route, 'dev', name]);
}

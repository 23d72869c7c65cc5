import { blockContains, formatBlock, networkOf, parseBlock, parseIpv4WithPrefix, type HubState } from '@gw/contracts';
import type { PeerMap } from './wg.js';

/**
 * The routes the hub's interface needs: every peer's allowed IPs that the interface's own network does not
 * already cover (a machine /24, a client's address from its own pool), each `dev <interface>` — WireGuard then
 * picks the peer by its allowed IPs. Canonical text (`10.9.0.2`, `10.100.1.0/24`), as `ip -j route` reads back.
 */
export function routesOf(state: HubState, peers: PeerMap): string[] {
  const own = parseIpv4WithPrefix(state.interface.address)!;
  const connected = networkOf(own.address, own.bits);
  const routes = new Set<string>();
  for (const ips of peers.values())
    for (const ip of ips) {
      const block = parseBlock(ip.replace(/\/32$/, ''))!;
      if (!blockContains(connected, block)) routes.add(formatBlock(block));
    }
  return [...routes].sort();
}

/** `ip -batch` lines taking the interface's routes from `before` to `after`; empty when nothing changes. */
export function routeChanges(interfaceName: string, before: string[], after: string[]): string[] {
  return [
    ...before.filter((route) => !after.includes(route)).map((route) => `route del ${route} dev ${interfaceName}`),
    ...after.filter((route) => !before.includes(route)).map((route) => `route replace ${route} dev ${interfaceName}`),
  ];
}

interface JsonRoute {
  dst?: string;
  protocol?: string;
}

/** The routes `ip -j route show dev <if>` lists, without those the kernel adds for the interface's own address. */
export const routesFromJson = (json: string): string[] =>
  (JSON.parse(json || '[]') as JsonRoute[])
    .filter((route) => route.protocol !== 'kernel' && route.dst && route.dst !== 'default')
    .map((route) => route.dst!)
    .sort();

interface JsonAddress {
  addr_info?: { family?: string; local?: string; prefixlen?: number }[];
}

/** The IPv4 addresses `ip -j addr show dev <if>` lists, as `10.8.0.1/16`. */
export const addressesFromJson = (json: string): string[] =>
  (JSON.parse(json || '[]') as JsonAddress[]).flatMap((link) => (link.addr_info ?? []).filter((info) => info.family === 'inet').map((info) => `${info.local}/${info.prefixlen}`));

import { formatIpv4, parseBlock, type HubState } from '@gw/contracts';

/** The hub's peers as WireGuard holds them: public key → allowed IPs (canonical CIDRs, sorted). */
export type PeerMap = Map<string, string[]>;

/** `10.8.0.2/32` and `10.8.0.2` alike → `10.8.0.2/32`, as `wg show` writes allowed IPs. */
const cidr = (text: string) => {
  const block = parseBlock(text.replace(/\/32$/, ''))!;
  return `${formatIpv4(block.base)}/${block.bits}`;
};

/** A box's peer carries its tunnel address and its machine /24 (cryptokey routing sends both to it); a client's, its address. */
export function peersOf(state: HubState): PeerMap {
  const peers: PeerMap = new Map();
  for (const box of state.boxes) peers.set(box.public_key, [cidr(box.vpn_ip), cidr(box.machine_net)].sort());
  for (const client of state.clients) peers.set(client.public_key, [cidr(client.address)]);
  return peers;
}

const sameIps = (a: string[] | undefined, b: string[]) => a !== undefined && a.length === b.length && a.every((ip, i) => ip === b[i]);

/**
 * One `wg set` that takes the interface's peers from `before` to `after`: peers gone are removed, new ones added,
 * those whose allowed IPs changed get the new list (`wg set` replaces it). A peer left as it was is not touched,
 * so its session and counters carry on. Null when nothing changes.
 */
export function peerChanges(interfaceName: string, before: PeerMap, after: PeerMap): string[] | null {
  const argv: string[] = [];
  for (const key of before.keys()) if (!after.has(key)) argv.push('peer', key, 'remove');
  for (const [key, ips] of after) if (!sameIps(before.get(key), ips)) argv.push('peer', key, 'allowed-ips', ips.join(','));
  return argv.length ? ['wg', 'set', interfaceName, ...argv] : null;
}

export interface PeerStatus {
  publicKey: string;
  /** Where its packets last came from (`198.18.1.2:51820`), null before any. */
  endpoint: string | null;
  allowedIps: string[];
  /** The last completed handshake, null if none yet. */
  latestHandshake: Date | null;
  rxBytes: number;
  txBytes: number;
}

export interface InterfaceStatus {
  publicKey: string;
  listenPort: number;
  peers: PeerStatus[];
}

/**
 * `wg show <if> dump`: a tab-separated line for the interface (private key, public key, listen port, fwmark), then
 * one per peer (public key, preshared key, endpoint, allowed IPs, latest handshake in seconds, rx, tx, keepalive).
 */
export function parseDump(text: string): InterfaceStatus {
  const [head, ...rows] = text.split('\n').filter((line) => line.trim() !== '');
  const [, publicKey, listenPort] = (head ?? '').split('\t');
  return {
    publicKey,
    listenPort: Number(listenPort),
    peers: rows.map((row) => {
      const [key, , endpoint, allowed, handshake, rx, tx] = row.split('\t');
      return {
        publicKey: key,
        endpoint: endpoint === '(none)' ? null : endpoint,
        allowedIps: allowed === '(none)' ? [] : allowed.split(',').sort(),
        latestHandshake: Number(handshake) > 0 ? new Date(Number(handshake) * 1000) : null,
        rxBytes: Number(rx),
        txBytes: Number(tx),
      };
    }),
  };
}

/** The peers a dump shows, as a PeerMap to diff against. */
export const peerMapOf = (status: InterfaceStatus): PeerMap => new Map(status.peers.map((peer) => [peer.publicKey, peer.allowedIps]));

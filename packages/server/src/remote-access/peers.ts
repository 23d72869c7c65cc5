import { HUB_HANDSHAKE_FRESH_MS, type HubPeerReport } from '@gw/contracts';

/** What the hub last said of one peer. */
export interface PeerSeen {
  /** The last completed handshake, null when there has been none. */
  handshake: Date | null;
  rxBytes: number;
  txBytes: number;
}

/**
 * What the WireGuard hub last reported of its peers (`POST /vpn/hub/status`, every 30 s), by public key: a key
 * is bound to one box or one engineer's client, so this is each one's last handshake and counters. Kept in
 * memory on the node that received the report; with several API nodes the others show 已下发 rather than 已连接
 * until a report reaches them. A report lists every peer, so a peer it leaves out is forgotten.
 */
export class HubPeers {
  private seen = new Map<string, PeerSeen>();

  replace(peers: HubPeerReport[]): void {
    this.seen = new Map(
      peers.map((peer) => [peer.public_key, { handshake: peer.latest_handshake ? new Date(peer.latest_handshake) : null, rxBytes: peer.rx_bytes, txBytes: peer.tx_bytes }]),
    );
  }

  get(publicKey: string): PeerSeen | undefined {
    return this.seen.get(publicKey);
  }

  /** The peer's last handshake when it is recent enough to call it connected (WireGuard renews one every 2 min). */
  freshHandshake(publicKey: string, now: Date): Date | null {
    const handshake = this.seen.get(publicKey)?.handshake ?? null;
    return handshake && now.getTime() - handshake.getTime() < HUB_HANDSHAKE_FRESH_MS ? handshake : null;
  }
}

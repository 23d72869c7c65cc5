import { HUB_HANDSHAKE_FRESH_MS } from '@gw/contracts';
import type { HubPeers } from '../../remote-access/peers.js';

/**
 * What the hub last said of each client's peer: its last handshake, its counters, and 已连接 while that
 * handshake is recent (WireGuard renews one every 2 minutes while traffic flows).
 */
export function withPeerState<R extends { public_key: string }>(rows: R[], peers: HubPeers, now: Date) {
  return rows.map((row) => {
    const seen = peers.get(row.public_key);
    const handshake = seen?.handshake ?? null;
    return {
      ...row,
      latest_handshake: handshake,
      rx_bytes: seen?.rxBytes ?? 0,
      tx_bytes: seen?.txBytes ?? 0,
      connected: !!handshake && now.getTime() - handshake.getTime() < HUB_HANDSHAKE_FRESH_MS,
    };
  });
}

import type { HubPeers } from './peers.js';

/** A session's traffic as the hub counted it for its client: bytes each way and the client's last handshake. */
export interface SessionTraffic {
  rx_bytes: number;
  tx_bytes: number;
  latest_handshake: Date | null;
}

/**
 * The counters of one direction since the session started: the hub's counter less the baseline stored at the start;
 * a counter below its baseline means the hub (or its interface) restarted since, and counts from 0.
 */
const since = (counter: number, base: number) => (counter >= base ? counter - base : counter);

/** What the hub last reported of the client `publicKey`, counted from the session's baselines; zeros when it reported nothing. */
export function sessionTraffic(peers: HubPeers, publicKey: string, base: { rx_base: number; tx_base: number }): SessionTraffic {
  const seen = peers.get(publicKey);
  if (!seen) return { rx_bytes: 0, tx_bytes: 0, latest_handshake: null };
  return { rx_bytes: since(seen.rxBytes, base.rx_base), tx_bytes: since(seen.txBytes, base.tx_base), latest_handshake: seen.handshake };
}

/** The client's counters now: the baselines of a session starting. */
export function trafficBase(peers: HubPeers, publicKey: string): { rx_base: number; tx_base: number } {
  const seen = peers.get(publicKey);
  return { rx_base: seen?.rxBytes ?? 0, tx_base: seen?.txBytes ?? 0 };
}

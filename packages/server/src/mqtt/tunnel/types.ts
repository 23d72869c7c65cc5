import type { HubPeers } from './peers.js';

/** Keeps boxes' tunnels in step with what the platform says they should be (startTunnels). */
export interface BoxTunnels {
  /** The boxes' tunnels are looked at again (a licence, a machine tool's NAT, the box itself changed). */
  syncDevices(deviceIds: number[]): void;
  /** A box announced itself: it can take commands now, whatever its presence row says yet. */
  announced(gatewayId: string): Promise<void>;
  /**
   * Hears that what decides boxes' tunnels may have changed on this node (the calls above: a write, a key bound):
   * the hub's state may be different now. Answers the function that stops listening.
   */
  onChange(listener: () => void): () => void;
  /** What the hub last reported of its peers (已连接). */
  readonly peers: HubPeers;
}

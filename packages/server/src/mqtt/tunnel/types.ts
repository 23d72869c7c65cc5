/** Keeps boxes' tunnels in step with what the platform says they should be (startTunnels). */
export interface BoxTunnels {
  /** The boxes' tunnels are looked at again (a licence, a machine tool's NAT, the box itself changed). */
  syncDevices(deviceIds: number[]): void;
  /** A box announced itself: it can take commands now, whatever its presence row says yet. */
  announced(gatewayId: string): Promise<void>;
}

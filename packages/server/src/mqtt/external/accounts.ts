/**
 * Keeps an external broker's own box accounts in step with the boxes (Mosquitto's dynamic security): called
 * where boxes are created, get a new secret, change state or are deleted. Failures are logged, never thrown:
 * the box's write stands, and resetting its secret syncs it again.
 */
export interface BoxAccounts {
  /** A new box or a new secret: the account exists with this password, enabled. */
  upsert(gatewayId: string, secret: string): Promise<void>;
  /** Scrapped boxes are disabled (their connection closed); any other state enables them again. */
  setEnabled(gatewayIds: string[], enabled: boolean): Promise<void>;
  /** Deleted boxes lose their account (their connection closed). */
  remove(gatewayIds: string[]): Promise<void>;
}

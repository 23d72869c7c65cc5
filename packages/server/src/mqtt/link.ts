import type { BoxPublishKind } from '@gw/contracts';

/** A message a box published on `<kind>/<gatewayId>/v1` (already past the broker's ACL). */
export interface BoxMessage {
  kind: BoxPublishKind;
  gatewayId: string;
  payload: Buffer;
  /**
   * An external broker's retained copy, handed over when the link (re)subscribed: the broker's last word at that
   * moment, not a message as it was published. Never set on the embedded broker (the server hears every publish).
   */
  retained?: boolean;
  /**
   * Which of the link's subscriptions delivered it (external broker): it grows each time the link reconnects and
   * subscribes again. A retained copy is older than a live message of the same subscription heard before it.
   */
  subscription?: number;
}

/** One connection of a box: `session` is a stamp unique to this connect (compare-and-set for presence). */
export interface BoxConnection {
  gatewayId: string;
  session: string;
  ip: string;
  at: Date;
}

/** How a connection ended: a clean DISCONNECT, a dropped one (its last will), or a newer connection taking over. */
export type BoxDisconnectReason = 'disconnect' | 'will' | 'takeover' | 'timeout';

/**
 * The server's side of the box protocol, whichever broker carries it: the embedded one (the server is the
 * broker) or an external one (the server is a client ingesting through a shared subscription). Presence,
 * ingest and commands are written against this and nothing else.
 */
export interface BoxLink {
  /** This node's name in presence rows (host:pid). */
  readonly node: string;
  /** True when connects and disconnects are seen as they happen (embedded); false when presence comes from `state/+/v1`. */
  readonly seesConnections: boolean;
  /** Publishes to a box (its `control/<gw>/v1`), QoS 1. */
  publish(topic: string, payload: string | Buffer): Promise<void>;
  /**
   * Handles what boxes publish on `kind`. The handler's promise is awaited before the message is acknowledged
   * (QoS 1): a slow handler slows the box, nothing acknowledged is dropped. A throw is logged, never fatal.
   */
  onMessage(kind: BoxPublishKind, handler: (message: BoxMessage) => Promise<void>): void;
  onConnect(handler: (connection: BoxConnection) => void): void;
  onDisconnect(handler: (connection: BoxConnection, reason: BoxDisconnectReason) => void): void;
  /**
   * A box can now be sent commands: it subscribed to its control topic (embedded), or announced itself online on
   * `state/<gw>/v1` as it happened, not as a retained copy (external: the box subscribes before announcing).
   */
  onReachable(handler: (gatewayId: string) => void): void;
  /** The gateway ids this node currently holds a connection for (embedded); null when it cannot know. */
  connectedBoxes(): Set<string> | null;
  /**
   * Closes the connection this node holds for a box (e.g. a suspected clone's), as a dropped one (its will is
   * published): true when one was closed; false when this node holds none, or cannot close one (an external
   * broker: the server is only one of its clients).
   */
  disconnect(gatewayId: string): boolean;
}

import type { BoxConnection, BoxDisconnectReason, BoxLink, BoxMessage } from '../link.js';

/** How a hand-driven message arrives: as published (live) or as a retained copy, under which subscription. */
export interface Heard {
  retained?: boolean;
  subscription?: number;
}

/** For tests: a link driven by hand — connects, disconnects and messages in the order the test chooses. */
export function handLink(node: string, seesConnections: boolean) {
  const connects: ((c: BoxConnection) => void)[] = [];
  const disconnects: ((c: BoxConnection, reason: BoxDisconnectReason) => void)[] = [];
  const messages: { kind: string; handler: (m: BoxMessage) => Promise<void> }[] = [];
  const link: BoxLink = {
    node,
    seesConnections,
    publish: async () => undefined,
    onMessage: (kind, handler) => void messages.push({ kind, handler }),
    onConnect: (handler) => void connects.push(handler),
    onDisconnect: (handler) => void disconnects.push(handler),
    onReachable: () => undefined,
    connectedBoxes: () => null,
    disconnect: () => false,
  };
  return {
    link,
    connect: (c: BoxConnection) => connects.forEach((h) => h(c)),
    disconnect: (c: BoxConnection, reason: BoxDisconnectReason) => disconnects.forEach((h) => h(c, reason)),
    publish: (gatewayId: string, kind: 'state' | 'data', payload: string, heard: Heard = {}) =>
      Promise.all(messages.filter((m) => m.kind === kind).map((m) => m.handler({ kind, gatewayId, payload: Buffer.from(payload), ...heard }))),
  };
}

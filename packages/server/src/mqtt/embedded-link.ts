import { hostname } from 'node:os';
import type { Aedes, Client } from 'aedes';
import { BOX_PUBLISH_KINDS, type BoxPublishKind, boxTopic, parseBoxTopic } from '@gw/contracts';
import type { BoxConnection, BoxDisconnectReason, BoxLink, BoxMessage } from './link.js';

interface Log {
  error(obj: unknown, msg?: string): void;
}

/** This node's name in presence rows. */
export const nodeName = () => `${hostname()}:${process.pid}`;

/**
 * The box link when the server is the broker: connects and disconnects come from Aedes' own events. Messages
 * are handled inside Aedes' publish authorisation (after the box access check already there): Aedes 1.2 sends a
 * QoS 1 PUBACK before it delivers to subscribers, but only after authorisation — so a box's message is
 * acknowledged once its handlers are done (stored), and a slow database slows the box instead of losing what
 * was acknowledged. Install after guardBoxes.
 */
export function embeddedLink(aedes: Aedes, log: Log): BoxLink {
  const node = nodeName();
  const connections = new WeakMap<Client, BoxConnection>();
  /** The client holding each gateway id's connection on this node. */
  const held = new Map<string, Client>();
  /** Connections closed because a newer one of the same id logged in. */
  const replaced = new WeakSet<Client>();
  const timedOut = new WeakSet<Client>();
  const connectHandlers: ((c: BoxConnection) => void)[] = [];
  const disconnectHandlers: ((c: BoxConnection, reason: BoxDisconnectReason) => void)[] = [];
  const reachableHandlers: ((gatewayId: string) => void)[] = [];
  let stamp = 0;

  const handlers = new Map<BoxPublishKind, ((message: BoxMessage) => Promise<void>)[]>();
  const checkAccess = aedes.authorizePublish;
  aedes.authorizePublish = (client, packet, done) => {
    checkAccess.call(aedes, client, packet, (err) => {
      // in-process publishes (commands to boxes) and refused ones go on as they were
      if (err || !client) return done(err);
      const topic = parseBoxTopic(packet.topic);
      const kind = topic?.kind;
      const list = kind && kind !== 'control' ? handlers.get(kind) : undefined;
      if (!topic || !kind || kind === 'control' || !list?.length) return done(null);
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      const message: BoxMessage = { kind, gatewayId: topic.gatewayId, payload };
      void Promise.all(
        list.map((handler) => handler(message).catch((error: unknown) => log.error({ err: error, topic: packet.topic }, '处理网关消息失败'))),
      ).then(() => done(null));
    });
  };

  // Aedes registers a connection only once its login passed, closing the one that held the id: that one ends by
  // takeover. A CONNECT refused (a wrong password, an unsupported protocol version…) never gets this far, so it
  // changes nothing about the box's connection.
  const registry = aedes as unknown as { clients: Record<string, Client | undefined>; registerClient(client: Client): void };
  const register = registry.registerClient.bind(aedes);
  registry.registerClient = (client) => {
    const previous = registry.clients[client.id];
    // one already closing (dropped, timed out) ends for its own reason
    if (previous && previous !== client && !previous.closed) replaced.add(previous);
    register(client);
  };
  const remoteAddress = (client: Client) => {
    const conn = client.conn as { remoteAddress?: string } | undefined;
    return (conn?.remoteAddress ?? '').replace(/^::ffff:/, '');
  };

  aedes.on('client', (client) => {
    const connection: BoxConnection = { gatewayId: client.id, session: `${node}:${Date.now().toString(36)}:${++stamp}`, ip: remoteAddress(client), at: new Date() };
    connections.set(client, connection);
    held.set(client.id, client);
    for (const handler of connectHandlers) handler(connection);
  });
  aedes.on('subscribe', (subscriptions, client) => {
    if (!client?.id || !connections.has(client)) return;
    const control = boxTopic('control', client.id);
    if (subscriptions.some((s) => s.topic === control)) for (const handler of reachableHandlers) handler(client.id);
  });
  aedes.on('keepaliveTimeout', (client) => timedOut.add(client));
  aedes.on('clientDisconnect', (client) => {
    const connection = connections.get(client);
    if (!connection) return;
    connections.delete(client);
    // a takeover's new connection may already hold the id
    if (held.get(client.id) === client) held.delete(client.id);
    const clean = (client as unknown as { _disconnected?: boolean })._disconnected === true;
    const reason: BoxDisconnectReason = replaced.has(client) ? 'takeover' : timedOut.has(client) ? 'timeout' : clean ? 'disconnect' : 'will';
    for (const handler of disconnectHandlers) handler(connection, reason);
  });

  return {
    node,
    seesConnections: true,
    publish: (topic, payload) =>
      new Promise<void>((resolve, reject) =>
        aedes.publish({ cmd: 'publish', topic, payload: typeof payload === 'string' ? Buffer.from(payload) : payload, qos: 1, retain: false, dup: false }, (err) =>
          err ? reject(err) : resolve(),
        ),
      ),
    onMessage(kind: BoxPublishKind, handler: (message: BoxMessage) => Promise<void>) {
      if (!BOX_PUBLISH_KINDS.includes(kind)) throw new Error(`not a box topic kind: ${kind}`);
      const list = handlers.get(kind) ?? [];
      list.push(handler);
      handlers.set(kind, list);
    },
    onConnect: (handler) => void connectHandlers.push(handler),
    onDisconnect: (handler) => void disconnectHandlers.push(handler),
    onReachable: (handler) => void reachableHandlers.push(handler),
    connectedBoxes: () => new Set(held.keys()),
    disconnect(gatewayId) {
      const client = held.get(gatewayId);
      if (!client) return false;
      client.close();
      return true;
    },
  };
}

import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import { BOX_PUBLISH_KINDS, type BoxPublishKind, boxStateSchema, parseBoxTopic } from '@gw/contracts';
import { nodeName } from '../embedded-link.js';
import type { BoxLink, BoxMessage } from '../link.js';

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface ExternalLinkOptions {
  url: string;
  /** The `$share/<group>/…` group of data, traffic and ota: nodes of one group split those messages. Empty: one node, plain subscriptions. */
  shareGroup: string;
  username?: string;
  password?: string;
  /**
   * A fixed client id, unique per node: the broker keeps its session (subscriptions and the QoS 1 messages that
   * arrive meanwhile) `sessionExpiry` seconds after it drops. Without one: `gw-server-<host>-<pid>-<random>` and
   * a clean session (what arrives while the node is away goes to the group's other nodes, or is lost).
   */
  clientId?: string;
  sessionExpiry?: number;
}

export interface ExternalLink extends BoxLink {
  readonly client: MqttClient;
  /** Resolves once connected and subscribed the first time. */
  ready(): Promise<void>;
  /**
   * Every handler is registered: messages are handled from now on. Until then they wait (their PUBACKs held): a
   * kept session's queued messages arrive right after the connect, while the server is still registering its
   * handlers (presence's before the ingest's), and handled by only some of them they would be lost to the others.
   */
  open(): void;
  close(): Promise<void>;
}

/**
 * The pause between tries to reconnect to the broker during the first PROMPT_FOR_MS after losing it (then it
 * doubles up to 30 s). Short: with shared subscriptions what boxes publish between a broker restart and the
 * nodes' return reaches nobody, so the nodes come back as soon as the broker listens again.
 */
const FIRST_RETRY_MS = 200;
const PROMPT_FOR_MS = 30_000;

/** Kinds split between the nodes of a group; `state` and `echo` reach every node (presence; replies to commands sent by any node). */
const SHARED: ReadonlySet<BoxPublishKind> = new Set(['data', 'traffic', 'ota']);

/**
 * The topic filter this node subscribes to for `kind`. No group (one node): plain filters, which a kept session
 * restores after a broker restart (Mosquitto 2.0 does not restore `$share/…` ones, so what boxes publish before
 * the nodes are back is acknowledged to them and delivered to nobody).
 */
export const externalFilter = (kind: BoxPublishKind, group: string) => (group && SHARED.has(kind) ? `$share/${group}/${kind}/+/v1` : `${kind}/+/v1`);

/**
 * The box link when an external broker (Mosquitto, EMQX…) carries the boxes: the server is one more MQTT
 * client. Connections are not seen (presence comes from the boxes' retained `state/+/v1`). A QoS 1 message is
 * acknowledged only after its handler settled: the PUBACK mqtt.js would send is held until then, while the
 * next messages are read on (one box's messages are still handled one after another, in order).
 */
export function externalLink(options: ExternalLinkOptions, log: Log): ExternalLink {
  const node = nodeName();
  /** Every handler of a kind hears each of its messages (presence, ingest, identity, rollouts…). */
  const handlers = new Map<BoxPublishKind, ((message: BoxMessage) => Promise<void>)[]>();
  const clientOptions: IClientOptions = {
    clientId: options.clientId || `gw-server-${node.replace(/[^\w-]/g, '-')}-${randomBytes(3).toString('hex')}`,
    username: options.username || undefined,
    password: options.password || undefined,
    protocolVersion: 5,
    clean: !options.clientId,
    ...(options.clientId ? { properties: { sessionExpiryInterval: options.sessionExpiry ?? 3600 } } : {}),
    reconnectPeriod: FIRST_RETRY_MS,
    connectTimeout: 10_000,
    resubscribe: false,
  };
  const client = mqtt.connect(options.url, clientOptions);
  /** Per connection: message id → the handler's promise; a PUBACK for it waits for that promise. */
  let held = new Map<number, Promise<void>>();
  /** Per box: the tail of its messages being handled (they run in order). */
  const tails = new Map<string, Promise<void>>();
  let backoff = FIRST_RETRY_MS;
  /** When the broker was lost (0: connected or never was). */
  let lostAt = 0;
  let isOpen = false;
  /** Counts the connections to the broker: each subscribes again, and the broker hands over its retained copies anew. */
  let subscription = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));

  const handle = (packet: IPublishPacket): Promise<void> => {
    const topic = parseBoxTopic(packet.topic);
    const kind = topic?.kind as BoxPublishKind | undefined;
    if (!topic || !kind || (isOpen && !handlers.get(kind)?.length)) return Promise.resolve();
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    // the broker marks retained only the copies it hands over on subscribing (the link does not ask for
    // retain-as-published), so a message forwarded as it was published is never taken for a stale copy
    const message: BoxMessage = { kind, gatewayId: topic.gatewayId, payload, retained: packet.retain, subscription };
    const previous = tails.get(topic.gatewayId) ?? Promise.resolve();
    const run = previous
      .then(() => opened)
      .then(() =>
        Promise.all(
          (handlers.get(kind) ?? []).map((handler) => handler(message).catch((err: unknown) => log.error({ err, topic: packet.topic }, '处理网关消息失败'))),
        ).then(() => undefined),
      );
    tails.set(topic.gatewayId, run);
    void run.finally(() => tails.get(topic.gatewayId) === run && tails.delete(topic.gatewayId));
    return run;
  };
  const reachableHandlers: ((gatewayId: string) => void)[] = [];
  /** A box announcing itself online as it happens (not a retained copy handed over on subscribe) can take commands. */
  const announced = (packet: IPublishPacket) => {
    const topic = parseBoxTopic(packet.topic);
    if (packet.retain || topic?.kind !== 'state' || !reachableHandlers.length) return;
    try {
      const state = boxStateSchema.safeParse(JSON.parse(packet.payload.toString()));
      if (state.success && state.data.online) for (const handler of reachableHandlers) handler(topic.gatewayId);
    } catch {
      // not JSON: presence logs it
    }
  };
  client.handleMessage = (packet, callback) => {
    announced(packet);
    const run = handle(packet);
    if (packet.qos === 1 && packet.messageId !== undefined) held.set(packet.messageId, run);
    callback();
  };
  const internal = client as unknown as { _sendPacket: (packet: { cmd: string; messageId?: number }, cb?: (err?: Error) => void, ...rest: unknown[]) => void };
  const send = internal._sendPacket.bind(client);
  internal._sendPacket = (packet, cb, ...rest) => {
    const run = packet.cmd === 'puback' && packet.messageId !== undefined ? held.get(packet.messageId) : undefined;
    if (!run) return send(packet, cb, ...rest);
    const generation = held;
    held.delete(packet.messageId!);
    cb?.();
    // after a reconnect the old id means nothing (a clean session drops it; a kept one sends the message again)
    void run.then(() => generation === held && client.connected && send(packet, undefined, ...rest));
  };

  const subscribe = async () => {
    const filters = [...handlers.keys()].map((kind) => externalFilter(kind, options.shareGroup));
    if (!filters.length) return;
    const granted = await client.subscribeAsync(filters, { qos: 1 });
    const refused = granted.filter((g) => g.qos > 2);
    if (refused.length) log.error({ refused: refused.map((g) => g.topic) }, '外部 MQTT 服务拒绝了服务端的订阅');
  };
  let firstResolve: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (firstResolve = resolve));
  client.on('connect', () => {
    subscription += 1;
    held = new Map();
    backoff = FIRST_RETRY_MS;
    lostAt = 0;
    client.options.reconnectPeriod = backoff;
    log.info({ url: options.url, clientId: clientOptions.clientId }, '已连接外部 MQTT 服务');
    // a connection closed while subscribing (Mosquitto's dynsec kicks us when our role changes) subscribes on the next
    subscribe().then(
      () => firstResolve(),
      (err: unknown) => log.warn({ err: (err as Error).message }, '订阅外部 MQTT 服务失败, 重连后再订阅'),
    );
  });
  client.on('close', () => {
    // mqtt.js has already set its timer with the pause before this one (the next pause is set here): every
    // FIRST_RETRY_MS for PROMPT_FOR_MS, then doubling up to 30 s, reset on a successful connect
    lostAt ||= Date.now();
    if (Date.now() - lostAt >= PROMPT_FOR_MS) backoff = Math.min(backoff * 2, 30_000);
    client.options.reconnectPeriod = backoff;
  });
  client.on('error', (err) => log.warn({ err: err.message }, '外部 MQTT 服务连接错误'));

  return {
    node,
    seesConnections: false,
    client,
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
    onMessage(kind, handler) {
      if (!BOX_PUBLISH_KINDS.includes(kind)) throw new Error(`not a box topic kind: ${kind}`);
      const list = handlers.get(kind) ?? [];
      list.push(handler);
      handlers.set(kind, list);
      if (list.length === 1 && client.connected) void client.subscribeAsync(externalFilter(kind, options.shareGroup), { qos: 1 }).catch((err: unknown) => log.error({ err }, '订阅外部 MQTT 服务失败'));
    },
    onConnect: () => undefined,
    onDisconnect: () => undefined,
    onReachable: (handler) => void reachableHandlers.push(handler),
    connectedBoxes: () => null,
    // the broker holds the boxes' connections: a client of it cannot close another's
    disconnect: () => false,
    ready: () => first,
    open: () => {
      isOpen = true;
      open();
    },
    close: async () => {
      await client.endAsync();
    },
  };
}

import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { BOX_API, type BoxCommand, type BoxVpnConfig, boxTopic, boxVpnConfigSchema } from '@gw/contracts';
import { ensureInterface, setKeyAndPort, syncAddress } from '../interface.js';
import { generateKeyPair, type WgKeyPair } from '../keys.js';
import type { Log } from '../runner.js';
import type { Namespace } from '@gw/simulator/netns';

export interface LabBoxOptions {
  gatewayId: string;
  secret: string;
  /** The platform's MQTT broker as the box dials it (the control plane stays in the machine's own namespace). */
  mqttUrl: string;
  /** The box's namespace: its underlay reaches the hub's endpoint. */
  ns: Namespace;
  /** Its tunnel interface's name, unique on the machine (lab.interfaceName). */
  interfaceName: string;
  log?: Log;
}

export interface LabBox {
  gatewayId: string;
  ns: Namespace;
  /** The key pair it made once; the announce carries `announcedKey` (the public key unless told otherwise). */
  keys: WgKeyPair;
  /** The tunnel commands it was sent (POST and DELETE /api/vpn), in order. */
  vpnCommands: BoxCommand[];
  /** The config it holds (kept across a restart, as a box keeps it in flash), or null. */
  config(): BoxVpnConfig | null;
  /** Whether its tunnel interface exists now. */
  tunnelUp(): Promise<boolean>;
  /** Announces `key` as its WireGuard key from now on, on the live connection, its interface untouched. */
  announceKey(key: string): Promise<void>;
  /** Loses power: MQTT gone without a goodbye (the broker publishes its will), its tunnel interface gone. */
  powerOff(): Promise<void>;
  /** Boots: the tunnel re-made from the config it kept, then MQTT connected and announced. */
  powerOn(): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A box as its firmware behaves, for tests that send real packets: it announces its WireGuard public key on its
 * state topic, applies `POST /api/vpn` in its namespace with wg and ip exactly as sent (the hub as its one peer,
 * its address, a route for each of `allowed_ips`), removes its tunnel on `DELETE /api/vpn`, answers every command
 * `{ret: 0}` (a config it cannot apply, ret 1), and reconnects after a lost connection with a new `conn`.
 * Its LAN (the machine tools behind it) is the test's to build: `lan` in the config is checked, not applied.
 */
export async function startLabBox(options: LabBoxOptions): Promise<LabBox> {
  const { gatewayId, ns, interfaceName: name } = options;
  const log = options.log ?? (() => {});
  const keys = generateKeyPair();
  let announcedKey = keys.publicKey;
  let held: BoxVpnConfig | null = null;
  const vpnCommands: BoxCommand[] = [];
  let client: mqtt.MqttClient | null = null;
  let conn = '';
  let powered = false;
  // one command at a time, in the order sent, as a box's command loop runs them
  let queue: Promise<unknown> = Promise.resolve();

  const apply = async (config: BoxVpnConfig) => {
    await ensureInterface(ns.run, name, log);
    await setKeyAndPort(ns.run, name, keys.privateKey);
    const peers = (await ns.run(['wg', 'show', name, 'peers'])).stdout.split('\n').filter(Boolean);
    for (const peer of peers.filter((key) => key !== config.hub.public_key)) await ns.run(['wg', 'set', name, 'peer', peer, 'remove']);
    await ns.run(['wg', 'set', name, 'peer', config.hub.public_key, 'endpoint', config.hub.endpoint, 'allowed-ips', config.allowed_ips.join(','), 'persistent-keepalive', String(config.keepalive)]);
    await syncAddress(ns.run, name, config.address);
    await ns.run(['ip', 'link', 'set', 'dev', name, 'up']);
    for (const route of config.allowed_ips) await ns.run(['ip', 'route', 'replace', route, 'dev', name]);
  };
  const removeTunnel = async () => {
    await ns.run(['ip', 'link', 'del', 'dev', name], { allowFailure: true });
  };

  const handle = async (command: BoxCommand): Promise<number> => {
    if (command.url !== BOX_API.vpn) return 0;
    vpnCommands.push(command);
    if (command.method === 'DELETE') {
      held = null;
      await removeTunnel();
      return 0;
    }
    const parsed = boxVpnConfigSchema.safeParse(command.data);
    // 1:1 NAT is the simulator's to show: the lab's machine tools sit at their platform addresses
    if (!parsed.success || parsed.data.nat.length) return 1;
    held = parsed.data;
    await apply(parsed.data);
    return 0;
  };

  const announce = async (target: mqtt.MqttClient) => {
    const state = { online: true, ts: Date.now(), conn, version: '1.0.0', wg_public_key: announcedKey };
    await target.publishAsync(boxTopic('state', gatewayId), JSON.stringify(state), { qos: 1, retain: true });
  };

  const connect = async (): Promise<void> => {
    while (powered) {
      conn = randomBytes(8).toString('hex');
      try {
        const next = await mqtt.connectAsync(options.mqttUrl, {
          clientId: gatewayId,
          username: gatewayId,
          password: options.secret,
          clean: true,
          reconnectPeriod: 0,
          connectTimeout: 3000,
          will: { topic: boxTopic('state', gatewayId), payload: Buffer.from(JSON.stringify({ online: false, conn })), qos: 1, retain: true },
        });
        if (!powered) {
          next.end(true);
          return;
        }
        client = next;
        next.on('message', (_topic, payload) => {
          const command = JSON.parse(payload.toString()) as BoxCommand;
          queue = queue.then(async () => {
            const ret = await handle(command).catch((error: unknown) => {
              log(`${gatewayId} 执行命令失败: ${(error as Error).message}`);
              return 1;
            });
            if (next.connected) await next.publishAsync(boxTopic('echo', gatewayId), JSON.stringify({ cmd_id: command.cmd_id, ret }), { qos: 1 }).catch(() => undefined);
          });
        });
        // a lost connection (the platform restarting) is dialled again with a new conn, as the protocol says
        next.once('close', () => {
          if (client !== next) return;
          client = null;
          if (powered) void sleep(200).then(connect);
        });
        await next.subscribeAsync(boxTopic('control', gatewayId), { qos: 1 });
        await announce(next);
        return;
      } catch {
        await sleep(200);
      }
    }
  };

  const powerOn = async () => {
    powered = true;
    if (held) await apply(held);
    await connect();
  };
  const powerOff = async () => {
    powered = false;
    const gone = client;
    client = null;
    // the socket dropped with no DISCONNECT packet: the broker publishes the will, as after a power cut
    gone?.stream.destroy();
    gone?.end(true);
    await queue;
    await removeTunnel();
  };

  await powerOn();
  return {
    gatewayId,
    ns,
    keys,
    vpnCommands,
    config: () => held,
    tunnelUp: async () => (await ns.run(['ip', 'link', 'show', 'dev', name], { allowFailure: true })).code === 0,
    async announceKey(key) {
      announcedKey = key;
      if (!client) throw new Error(`${gatewayId} 未连接`);
      await announce(client);
    },
    powerOff,
    powerOn,
    async close() {
      powered = false;
      client?.end(true);
      client = null;
    },
  };
}

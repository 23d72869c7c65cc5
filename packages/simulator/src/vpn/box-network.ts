import type { BoxVpnConfig } from '@gw/contracts';
import type { Lab, Namespace } from '../netns/lab.js';
import { startMachines } from '../netns/services.js';
import type { Log } from '../netns/run.js';
import { makeWireGuardInterface, setPrivateKey } from '../netns/tunnel.js';
import { lanPlan, natScript, type LanPlan } from './lan-plan.js';
import type { UnderlayLink } from './underlay.js';

/** What a box's HTTP API drives when the platform sends `POST /api/vpn` or `DELETE /api/vpn`. */
export interface BoxTunnel {
  /** Brings the tunnel up as `config` says (a tunnel already up is replaced). */
  apply(config: BoxVpnConfig): Promise<void>;
  /** Takes the tunnel down; nothing up is no error. */
  remove(): Promise<void>;
  /** The config it was last given and keeps (a box keeps its tunnel across restarts), or null. */
  saved(): BoxVpnConfig | null;
  /** The box's namespaces (for a person or a test to look into), once made. */
  readonly names: { box: string | null; lan: string | null; wg: string };
}

export interface BoxNetworkOptions {
  lab: Lab;
  /** Where the hub's endpoint is reachable: a namespace (the hub's, the demo's) or the machine's own. */
  uplink: Namespace | 'root';
  /** This box's underlay link. */
  link: UnderlayLink;
  /** A number unique in the fleet, for the namespaces' and the interface's names. */
  index: number;
  gatewayId: string;
  machines: readonly { code: string; ip?: string }[];
  privateKey: string;
  log: Log;
  /** Where the box keeps the config it was given, read at its start: a box comes back from a restart with its tunnel. */
  keep: { read(): BoxVpnConfig | null; write(config: BoxVpnConfig | null): void };
}

/** The nftables table of the box's 1:1 NAT. */
const NAT_TABLE = 'gw_box_nat';

/**
 * A simulated box's network, as a real box is wired: its own namespace with an underlay link to where the hub
 * is reachable (made at the first tunnel and kept), and, while a tunnel is up, its WireGuard interface (the
 * kernel's or wireguard-go) with its own key and the hub as its one peer, a LAN namespace behind it on its machine
 * /24 (the box's own address there is the config's `lan`) holding its machine tools, and its 1:1 NAT in nftables.
 * Commands of one box run one after another; everything lives in the lab, which removes it at its cleanup.
 */
export function boxNetwork(options: BoxNetworkOptions): BoxTunnel {
  const { lab, index, log } = options;
  const wg = lab.interfaceName(`w${index}`);
  let box: Namespace | null = null;
  let lan: { ns: Namespace; stop: () => void } | null = null;
  /** The LAN coming up after the answer (see apply); a change waits for it before it takes anything down. */
  let lanUp: Promise<void> = Promise.resolve();
  /** The config the tunnel is up with, null when down. */
  let current: BoxVpnConfig | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task);
    queue = next.catch(() => undefined);
    return next;
  };

  const ensureBox = async (): Promise<Namespace> => {
    if (box) return box;
    const ns = await lab.namespace(`b${index}`);
    await lab.link(options.uplink, options.link.far, ns, options.link.box);
    await ns.run(['ip', 'route', 'replace', 'default', 'via', options.link.via]);
    await ns.run(['sysctl', '-q', '-w', 'net.ipv4.ip_forward=1']);
    box = ns;
    return ns;
  };

  const takeDown = async (ns: Namespace) => {
    current = null;
    await lanUp;
    await ns.run(['ip', 'link', 'del', 'dev', wg], { allowFailure: true });
    await ns.run(['nft', 'delete', 'table', 'ip', NAT_TABLE], { allowFailure: true });
    if (lan) {
      lan.stop();
      await lab.remove(lan.ns);
      lan = null;
    }
  };

  /** The LAN behind the box: one veth, the machine tools' addresses on its far end, the box its gateway. */
  const bringUpLan = async (ns: Namespace, plan: LanPlan, prefixBits: string) => {
    if (!plan.machines.length) return;
    const lanNs = await lab.namespace(`l${index}`);
    const [first, ...rest] = plan.machines;
    const width = (machine: LanPlan['machines'][number]) => (machine.nat ? '32' : prefixBits);
    const ends = await lab.link(ns, `${plan.gateway}/${prefixBits}`, lanNs, `${first.address}/${width(first)}`);
    for (const machine of rest) await lanNs.run(['ip', 'addr', 'add', `${machine.address}/${width(machine)}`, 'dev', ends.b]);
    // a controller that keeps its own LAN address still answers through the box: the box is on its link
    await lanNs.run(['ip', 'route', 'replace', 'default', 'via', plan.gateway, 'dev', ends.b, 'onlink']);
    for (const machine of plan.machines.filter((m) => m.nat)) await ns.run(['ip', 'route', 'replace', `${machine.address}/32`, 'dev', ends.a]);
    const tools = await startMachines(lanNs, plan.machines.map((m) => ({ name: m.name, address: m.address })));
    lan = { ns: lanNs, stop: tools.stop };
  };

  /**
   * The tunnel is up (interface, peer, address, routes, NAT) when the box answers; its LAN of machine tools comes up
   * right after. The platform waits BOX_COMMAND_TIMEOUT_SECONDS for the answer, and five boxes starting wireguard-go
   * and Node machine tools at once on a busy machine took longer than that. The same config again (the platform
   * sends it again after an answer it missed) changes nothing.
   */
  const apply = async (config: BoxVpnConfig) => {
    if (current && JSON.stringify(current) === JSON.stringify(config)) return;
    const ns = await ensureBox();
    await takeDown(ns);
    const origin = await makeWireGuardInterface(ns.run, wg, log);
    await setPrivateKey(ns.run, wg, options.privateKey);
    const { hub } = config;
    await ns.run(['wg', 'set', wg, 'peer', hub.public_key, 'endpoint', hub.endpoint, 'allowed-ips', config.allowed_ips.join(','), 'persistent-keepalive', String(config.keepalive)]);
    await ns.run(['ip', 'addr', 'add', config.address, 'dev', wg]);
    await ns.run(['ip', 'link', 'set', 'dev', wg, 'up']);
    for (const route of config.allowed_ips) await ns.run(['ip', 'route', 'replace', route, 'dev', wg]);
    if (config.nat.length) await ns.run(['nft', '-f', '-'], { input: natScript(NAT_TABLE, config.nat) });
    current = config;
    const plan = lanPlan(options.gatewayId, options.machines, config);
    const where = plan.machines.map((m) => (m.nat ? `${m.ip}→${m.address}` : m.ip)).join(', ') || '无机床';
    log(`${options.gatewayId}: 隧道已建立 ${config.address} → ${hub.endpoint} (${origin === 'kernel' ? '内核 WireGuard' : 'wireguard-go'}), 局域网 ${config.lan}: ${where}`);
    lanUp = bringUpLan(ns, plan, config.lan.split('/')[1]).catch((error: unknown) => log(`${options.gatewayId}: 机床局域网未能建立: ${(error as Error).message}`));
  };

  return {
    apply: (config) =>
      serial(async () => {
        await apply(config);
        options.keep.write(config);
      }),
    remove: () =>
      serial(async () => {
        options.keep.write(null);
        if (!box) return;
        await takeDown(box);
        log(`${options.gatewayId}: 隧道已删除`);
      }),
    saved: () => options.keep.read(),
    get names() {
      return { box: box?.name ?? null, lan: lan?.ns.name ?? null, wg };
    },
  };
}

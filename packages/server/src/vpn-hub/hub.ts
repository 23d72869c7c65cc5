import { applyChineseMessages, formatIpv4, parseBlock, parseHubState, type HubState } from '@gw/contracts';
import { HubCommandError, HubStateError } from './errors.js';
import { findTool } from './host.js';
import { ensureInterface, setKeyAndPort, syncAddress } from './interface.js';
import { publicKeyOf } from './keys.js';
import { routeChanges, routesFromJson, routesOf } from './link.js';
import { allowedElements, elementsRemoved, elementsScript, tableScript, type AllowedElements } from './nft.js';
import { stderrLog, type Log, type Run } from './runner.js';
import { parseDump, peerChanges, peerMapOf, peersOf, type InterfaceStatus, type PeerMap } from './wg.js';

export interface HubOptions {
  /** Every command goes through this runner (in tests, one that runs them in the hub's network namespace). */
  run: Run;
  log?: Log;
  /**
   * Also delete the conntrack entries of grants taken away (default: when the `conntrack` tool is there). The
   * forward chain checks every packet against the sets, so a removed grant is cut without it; this only tidies.
   */
  conntrack?: boolean;
}

export interface Hub {
  /**
   * Puts the table in place with no grant, touching nothing else: nothing is forwarded through the interface
   * (whatever an earlier run let through) until a state is applied. A process's first step, before it knows
   * its state; the next apply is a whole start.
   */
  seal(interfaceName: string): Promise<void>;
  /** Applies a whole state, fail-closed: the table first, then the interface, peers, address, routes. */
  start(state: unknown): Promise<void>;
  /** Applies a later state as changes to the last one (set elements, peers, routes); the first call is a start. */
  apply(state: unknown): Promise<void>;
  /** Applies the last state again in full, against what the host holds (a periodic check, a repair). */
  reconcile(): Promise<void>;
  /** The interface as `wg show <if> dump` reads: each peer's last handshake and byte counters. */
  status(): Promise<InterfaceStatus>;
  /** The state last applied, null before the first. */
  readonly state: HubState | null;
}

interface Rendered {
  state: HubState;
  allowed: AllowedElements;
  peers: PeerMap;
  routes: string[];
}

function render(state: HubState): Rendered {
  const peers = peersOf(state);
  return { state, allowed: allowedElements(state), peers, routes: routesOf(state, peers) };
}

/**
 * The hub core: keeps one WireGuard interface and one nftables table (`inet gw_hub`) in step with the desired
 * state the platform gives it. It imports nothing of the server but contracts: it will run as a process of its
 * own, as root, on the VPN host.
 */
export function createHub({ run, log = stderrLog, conntrack = findTool('conntrack') !== null }: HubOptions): Hub {
  applyChineseMessages();
  let applied: Rendered | null = null;
  // one change at a time: a push arriving while the minute's reconcile runs waits for it
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task);
    queue = next.catch(() => undefined);
    return next;
  };

  /** What the schema cannot know: a peer holding the hub's own key; a new interface name while one runs. */
  function hubErrors(state: HubState): string[] {
    const own = publicKeyOf(state.interface.private_key, '接口私钥');
    const sameKey = (list: 'boxes' | 'clients', rows: { public_key: string }[]) =>
      rows.flatMap((row, i) => (row.public_key === own ? [`${list}[${i}].public_key: 与集线器自己的公钥相同`] : []));
    const renamed = applied && state.interface.name !== applied.state.interface.name;
    return [
      ...sameKey('boxes', state.boxes),
      ...sameKey('clients', state.clients),
      ...(renamed ? [`interface.name: 运行中不能更换接口名称 (${applied!.state.interface.name} → ${state.interface.name}), 请重启集线器`] : []),
    ];
  }

  /** The state, or a HubStateError (logged in one line) before any command has run. */
  function validate(input: unknown): HubState {
    const parsed = parseHubState(input);
    const errors = parsed.ok ? hubErrors(parsed.state) : parsed.errors;
    if (parsed.ok && !errors.length) return parsed.state;
    const error = new HubStateError(errors);
    log(`${error.message} — 未做任何更改 (nothing changed)`);
    throw error;
  }

  const dump = async (name: string) => parseDump((await run(['wg', 'show', name, 'dump'])).stdout);

  async function applyRoutes(name: string, before: string[], after: string[]) {
    const lines = routeChanges(name, before, after);
    if (lines.length) await run(['ip', '-batch', '-'], { input: `${lines.join('\n')}\n` });
  }

  async function fullApply(state: HubState): Promise<void> {
    const desired = render(state);
    const { name, private_key, listen_port, address } = state.interface;
    // 1. the table, atomically: from here on nothing crosses the interface unless a flow names it
    await run(['nft', '-f', '-'], { input: tableScript(name, desired.allowed) });
    // 2. the interface (made down if missing), its key and port, its peers — each only where it differs, so a
    //    restart keeps the sessions, endpoints and counters of peers that stay
    await ensureInterface(run, name, log);
    const current = await dump(name);
    if (current.publicKey !== publicKeyOf(private_key) || current.listenPort !== listen_port)
      await setKeyAndPort(run, name, private_key, listen_port);
    const peers = peerChanges(name, peerMapOf(current), desired.peers);
    if (peers) await run(peers);
    // 3. its address, up, the routes to the peers' networks, and forwarding on
    await syncAddress(run, name, address);
    await run(['ip', 'link', 'set', 'dev', name, 'up']);
    await applyRoutes(name, routesFromJson((await run(['ip', '-j', 'route', 'show', 'dev', name])).stdout), desired.routes);
    await run(['sysctl', '-q', '-w', 'net.ipv4.ip_forward=1']);
    applied = desired;
  }

  /** Deletes the connection tracking entries of grants taken away (any port: the sets judge each packet anyway). */
  async function forget(removed: AllowedElements) {
    for (const element of [...removed.pairs, ...removed.ports]) {
      const [client, destination] = element.split(' . ');
      const block = parseBlock(destination)!;
      const mask = block.bits === 32 ? [] : ['--mask-dst', formatIpv4(2 ** 32 - 2 ** (32 - block.bits))];
      await run(['conntrack', '-D', '-s', client, '-d', formatIpv4(block.base), ...mask], { allowFailure: true });
    }
  }

  async function changes(from: Rendered, state: HubState): Promise<void> {
    const desired = render(state);
    const { name, private_key, listen_port, address } = state.interface;
    // grants first, in one transaction: what is taken away is cut before anything else moves
    const script = elementsScript(from.allowed, desired.allowed);
    if (script) await run(['nft', '-f', '-'], { input: script });
    if (conntrack) await forget(elementsRemoved(from.allowed, desired.allowed));
    const before = from.state.interface;
    if (before.private_key !== private_key || before.listen_port !== listen_port)
      await setKeyAndPort(run, name, private_key, listen_port);
    const peers = peerChanges(name, from.peers, desired.peers);
    if (peers) await run(peers);
    if (before.address !== address) await syncAddress(run, name, address);
    await applyRoutes(name, from.routes, desired.routes);
    applied = desired;
  }

  return {
    seal: (interfaceName) =>
      serial(async () => {
        await run(['nft', '-f', '-'], { input: tableScript(interfaceName, { pairs: [], ports: [] }) });
        applied = null;
      }),
    start: (input) => serial(() => fullApply(validate(input))),
    apply: (input) =>
      serial(async () => {
        const state = validate(input);
        if (!applied) return fullApply(state);
        try {
          await changes(applied, state);
        } catch (error) {
          if (!(error instanceof HubCommandError)) throw error;
          // the host no longer holds what the hub last applied (a hand-made change): apply the whole state
          log('按差量应用失败, 改为完整应用 (applying the changes failed; applying the whole state)');
          await fullApply(state);
        }
      }),
    reconcile: () =>
      serial(async () => {
        if (applied) await fullApply(applied.state);
      }),
    status: async () => {
      if (!applied) throw new Error('集线器尚未应用任何状态 (the hub has applied no state yet)');
      return dump(applied.state.interface.name);
    },
    get state() {
      return applied?.state ?? null;
    },
  };
}

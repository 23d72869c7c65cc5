import type { ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type Service, buildApp } from '../../app.js';
import type { AppDeps } from '../../app-deps.js';
import { API, type TestApp, createTestApp } from '../../test/harness.js';
import { generateKeyPair } from '../keys.js';
import { startLabBox, type LabBox } from './lab-box.js';
import { createLab, startAgent, startMachine, type Agent, type Lab, type Machine, type Namespace } from '@gw/simulator/netns';
import { applyWgQuick, parseWgQuick, type WgQuickFile } from './wg-quick.js';

const ROOT = fileURLToPath(new URL('../../../../..', import.meta.url));
const HUB_PORT = 51820;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 25 ms until it answers something truthy: that value, or a failure after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs: number, what: string): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what}: 等待超时 (${timeoutMs} ms)`);
    await sleep(25);
  }
}

/** A free TCP port on this machine's loopback, for a service that must keep its port across a restart. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The platform: a whole test server listening on the machine's end of the hub's veth, restartable on its database. */
export interface LabPlatform {
  /** The first start's handle: its database, clock and config stay the platform's; its login works until a restart. */
  t: TestApp;
  /** The base URL the hub dials (`http://198.19.x.y:port`). */
  url: string;
  /** The MQTT broker as boxes dial it. */
  mqttUrl: string;
  /** An API request to the platform running now (under the API prefix), with an optional login token. */
  api(method: InjectOptions['method'], url: string, options?: { token?: string; body?: unknown }): Promise<LightMyRequestResponse>;
  /** The running app's services (its tunnels, its peers' report). */
  deps(): AppDeps;
  /** Stops the server and starts a new one on the same database, address and ports; answers how long it was down. */
  restart(): Promise<number>;
}

/** The hub as an operator runs it (`vpn-hub/main.ts` from the sources, via tsx) in the hub namespace. */
export interface HubProcess {
  ns: Namespace;
  /** Its WireGuard interface's name. */
  iface: string;
  publicKey: string;
  /** Its stderr, one line each. */
  output: string[];
  /** How many states it has applied (its `已应用状态` lines). */
  applied(): number;
  /** Its interface's peers' public keys. */
  peers(): Promise<string[]>;
  /** Resolves once the first start has applied its first state (the lab does not wait for it: set up meanwhile). */
  ready(): Promise<void>;
  /** Stops it with SIGTERM (the table and the interface stay) and starts a new one; answers ms until it applied a state. */
  restart(): Promise<number>;
}

export interface LabSite {
  box: LabBox;
  /** The LAN namespace behind the box, its gateway the box's first host of the machine /24; null without machine tools. */
  lan: Namespace | null;
  machines: Machine[];
}

export interface Engineer {
  ns: Namespace;
  file: WgQuickFile;
  agent: Agent;
}

export interface PlatformLab {
  lab: Lab;
  platform: LabPlatform;
  hub: HubProcess;
  /** The hub's address on the underlay as boxes and engineers dial it (VPN_ENDPOINT's host). */
  endpointIp: string;
  /**
   * A box with its site: a box namespace on the underlay (its tunnel made from what the platform sends it over
   * MQTT), a LAN namespace behind it holding each machine tool at its platform address (IP dialog), its gateway
   * the box. `machines` must all lie in one /24, the box's machine_net; none: no LAN.
   */
  site(short: string, box: { gatewayId: string; secret: string }, machines: { ip: string; name: string }[]): Promise<LabSite>;
  /** An engineer's PC in a namespace of its own, its tunnel set up from the wg-quick file the platform answered. */
  engineer(short: string, wgQuick: string): Promise<Engineer>;
  /** Everything removed: the hub stopped, the boxes disconnected, the server closed, the namespaces gone. */
  cleanup(): Promise<void>;
}

/**
 * A platform with its hub and sites, in network namespaces: a test server (createTestApp with VPN_ENDPOINT,
 * VPN_HUB_PUBLIC_KEY and VPN_HUB_TOKEN set, the MQTT broker on) listening on the machine's end of a veth on
 * 198.19.0.0/16, the hub process in a hub namespace following it, and each site's box and LAN, each engineer's PC,
 * linked to the hub namespace by a /30 of 198.18.0.0/16 with a route to the hub's endpoint. Everything is made
 * under one lab (`tag`): removed by cleanup(), or by the next lab when this run dies.
 */
export async function createPlatformLab(tag: string, options: { services?: readonly Service[] } = {}): Promise<PlatformLab> {
  const lab = await createLab(tag);
  const made: { boxes: LabBox[]; keyDir: string | null; hub: ChildProcess | null; app: FastifyInstance | null; t: TestApp | null } = { boxes: [], keyDir: null, hub: null, app: null, t: null };
  const cleanup = async () => {
    made.hub?.kill('SIGKILL');
    for (const box of made.boxes) await box.close();
    await made.app?.close().catch(() => undefined);
    await made.t?.close().catch(() => undefined);
    await lab.cleanup();
    if (made.keyDir) rmSync(made.keyDir, { recursive: true, force: true });
  };
  try {
    const hubNs = await lab.namespace('hub');
    // a /30 of this run's own on the machine's side: a run of another lab at the same time picks another
    const net = `198.19.${randomInt(10, 100)}`;
    const base = 4 * randomInt(0, 63);
    const [platformIp, endpointIp] = [`${net}.${base + 1}`, `${net}.${base + 2}`];
    await lab.link('root', `${platformIp}/30`, hubNs, `${endpointIp}/30`);

    const hubKey = generateKeyPair();
    const token = `platform-lab-${hubKey.publicKey.replace(/[^A-Za-z0-9]/g, '')}`;
    const mqttPort = await freePort();
    const services = options.services ?? ['mqtt'];
    const t = await createTestApp({
      services,
      env: { VPN_HUB_TOKEN: token, VPN_ENDPOINT: `${endpointIp}:${HUB_PORT}`, VPN_HUB_PUBLIC_KEY: hubKey.publicKey, MQTT_PORT: String(mqttPort) },
    });
    made.t = t;
    await t.app.listen({ host: platformIp, port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    let app = t.app;
    let deps = t.deps;
    const platform: LabPlatform = {
      t,
      url: `http://${platformIp}:${port}`,
      mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
      api: (method, url, opts = {}) =>
        app.inject({ method, url: `${API}${url}`, headers: opts.token ? { token: opts.token } : {}, ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}) }),
      deps: () => deps,
      async restart() {
        const stopped = Date.now();
        await app.close();
        const built = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false, services });
        await built.app.ready();
        await built.app.listen({ host: platformIp, port });
        app = built.app;
        deps = built.deps;
        made.app = app;
        return Date.now() - stopped;
      },
    };

    const iface = lab.interfaceName('hub');
    made.keyDir = mkdtempSync(path.join(tmpdir(), 'gw-platform-lab-'));
    const keyFile = path.join(made.keyDir, 'private.key');
    writeFileSync(keyFile, `${hubKey.privateKey}\n`, { mode: 0o600 });
    const output: string[] = [];
    const env = { VPN_HUB_API: platform.url, VPN_HUB_TOKEN: token, VPN_INTERFACE: iface, VPN_LISTEN_PORT: String(HUB_PORT), VPN_HUB_KEY_FILE: keyFile };
    const applied = () => output.filter((line) => line.includes('已应用状态')).length;
    const startHub = async () => {
      const before = applied();
      const started = Date.now();
      const child = hubNs.spawn(['env', '-C', ROOT, 'TSX_TSCONFIG_PATH=packages/server/tsconfig.json', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), process.execPath, '--import', 'tsx', 'packages/server/src/vpn-hub/main.ts']);
      made.hub = child;
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => output.push(...chunk.split('\n').filter(Boolean)));
      await eventually(() => applied() > before, 30_000, '集线器应用了第一个状态');
      return Date.now() - started;
    };
    // started now and waited for by whoever needs it: the world a test builds through the API meanwhile is its own
    const firstStart = startHub();
    firstStart.catch(() => undefined);
    const hub: HubProcess = {
      ns: hubNs,
      iface,
      publicKey: hubKey.publicKey,
      output,
      applied,
      peers: async () => (await hubNs.run(['wg', 'show', iface, 'peers'])).stdout.split('\n').filter(Boolean),
      ready: async () => void (await firstStart),
      async restart() {
        await firstStart;
        const old = made.hub!;
        const exited = new Promise((resolve) => old.once('exit', resolve));
        old.kill('SIGTERM');
        await exited;
        return startHub();
      },
    };
    let links = 0;
    /** A namespace on the underlay: a /30 to the hub namespace, and the hub's endpoint reached through it. */
    const onUnderlay = async (short: string) => {
      const n = ++links;
      const ns = await lab.namespace(short);
      await lab.link(hubNs, `198.18.${n}.1/30`, ns, `198.18.${n}.2/30`);
      await ns.run(['ip', 'route', 'add', `${endpointIp}/32`, 'via', `198.18.${n}.1`]);
      return ns;
    };

    return {
      lab,
      platform,
      hub,
      endpointIp,
      async site(short, identity, machines) {
        const ns = await onUnderlay(short);
        let lan: Namespace | null = null;
        let started: Machine[] = [];
        if (machines.length) {
          const nets = new Set(machines.map((machine) => machine.ip.split('.').slice(0, 3).join('.')));
          if (nets.size !== 1) throw new Error(`一个现场的机床应在同一个 /24: ${machines.map((m) => m.ip).join(', ')}`);
          const [lanNet] = nets;
          const inside = (lan = await lab.namespace(`${short}lan`));
          await lab.link(ns, `${lanNet}.1/24`, inside, `${machines[0].ip}/24`);
          const lanIf = (JSON.parse((await inside.run(['ip', '-j', 'addr', 'show'])).stdout) as { ifname: string }[]).find((entry) => entry.ifname !== 'lo')!.ifname;
          for (const machine of machines.slice(1)) await inside.run(['ip', 'addr', 'add', `${machine.ip}/24`, 'dev', lanIf]);
          await inside.run(['ip', 'route', 'add', 'default', 'via', `${lanNet}.1`]);
          await ns.run(['sysctl', '-q', '-w', 'net.ipv4.ip_forward=1']);
          started = await Promise.all(machines.map((machine) => startMachine(inside, machine.name, machine.ip)));
        }
        const box = await startLabBox({ ...identity, mqttUrl: platform.mqttUrl, ns, interfaceName: lab.interfaceName(short) });
        made.boxes.push(box);
        return { box, lan, machines: started };
      },
      async engineer(short, wgQuick) {
        const file = parseWgQuick(wgQuick);
        const ns = await onUnderlay(short);
        await applyWgQuick(ns, lab.interfaceName(short), file);
        return { ns, file, agent: await startAgent(ns) };
      },
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

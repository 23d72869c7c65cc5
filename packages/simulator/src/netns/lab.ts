import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { blockContains, parseBlock, parseIpv4WithPrefix } from '@gw/contracts';
import { createRunner, type Log, type Run, type RunnerFactory } from './run.js';

/**
 * A laboratory of network namespaces for tests of the hub, the simulator's boxes and the browser tests: everything
 * it makes is named with a prefix of its own run (`<tag><3 letters>`), recorded under REGISTRY with the pid of the
 * process that owns it, and removed by `cleanup()` — namespaces with every process inside, veth pairs, wireguard-go
 * processes and their control sockets. A run that died without cleaning up is cleaned by the next lab made on this
 * machine. The machine's own namespace is given at most the end of a veth, on the benchmarking range
 * 198.18.0.0/15; tunnels, 10.x addresses and traffic live only in the lab's namespaces.
 */

export const REGISTRY = '/run/gw-netns';
const UNDERLAY = parseBlock('198.18.0.0/15')!;
const WG_SOCKETS = '/var/run/wireguard';

export interface Namespace {
  /** The namespace's name (`gwhk3a-hub`). */
  name: string;
  /** Runs a command inside it (`ip netns exec`): an argv, never a shell string. */
  run: Run;
  /** Starts a long-running process inside it (with `env` added to this process's); the lab kills it at cleanup. */
  spawn(argv: readonly string[], env?: Record<string, string>): ChildProcess;
}

export interface Lab {
  prefix: string;
  /** Runs a command in the machine's own namespace. */
  run: Run;
  /** A new namespace, its loopback up. `short` (letters and digits, ≤ 9) names it within the run. */
  namespace(short: string): Promise<Namespace>;
  /**
   * A namespace this lab did not make (another run's hub, the demo's): the lab links into it, and what it
   * links there goes with the lab's own end at cleanup, but the namespace itself is left alone.
   */
  adopt(name: string): Namespace;
  /** Removes one namespace the lab made, with every process inside it and the veths that end there. */
  remove(ns: Namespace): Promise<void>;
  /**
   * A veth pair between two namespaces (or the machine's own, `'root'`), each end given its address (`198.18.1.1/30`)
   * and brought up. A root end must be on 198.18.0.0/15. Answers the two ends' interface names.
   */
  link(a: Namespace | 'root', aAddress: string, b: Namespace, bAddress: string): Promise<{ a: string; b: string }>;
  /** An interface name unique on the machine (wireguard-go's control sockets share one folder): `<prefix><short>`. */
  interfaceName(short: string): string;
  /** Removes everything the lab made. Safe to call twice. */
  cleanup(): Promise<void>;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const killPid = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

/** The pids of processes whose command line is `wireguard-go <name>` with a name starting with `prefix`. */
function wireguardGoOf(prefix: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const [program, name] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return /(^|\/)wireguard-go$/.test(program) && name?.startsWith(prefix);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Deletes a namespace with every process inside it (and so the veths that end there). */
async function deleteNamespace(run: Run, name: string): Promise<void> {
  // a namespace lives on while a process is inside it, name or no name: its processes go first
  const pids = (await run(['ip', 'netns', 'pids', name], { allowFailure: true })).stdout.split('\n').filter(Boolean).map(Number);
  pids.forEach(killPid);
  await run(['ip', 'netns', 'del', name], { allowFailure: true });
}

/** Removes every namespace, process, link and socket named with `prefix`, and its registry entry. */
async function cleanPrefix(run: Run, prefix: string): Promise<void> {
  const namespaces = (await run(['ip', 'netns', 'list'])).stdout
    .split('\n')
    .map((line) => line.split(' ')[0])
    .filter((name) => name.startsWith(`${prefix}-`));
  for (const name of namespaces) await deleteNamespace(run, name);
  wireguardGoOf(prefix).forEach(killPid);
  const links = JSON.parse((await run(['ip', '-j', 'link', 'show'])).stdout || '[]') as { ifname: string }[];
  for (const link of links.filter((entry) => entry.ifname.startsWith(prefix))) await run(['ip', 'link', 'del', 'dev', link.ifname], { allowFailure: true });
  for (const socket of safeList(WG_SOCKETS).filter((file) => file.startsWith(prefix))) rmSync(`${WG_SOCKETS}/${socket}`, { force: true });
  rmSync(`${REGISTRY}/${prefix}.pid`, { force: true });
}

const safeList = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** Cleans what runs whose owner died left behind (their registry entries name them). */
async function cleanLeftovers(run: Run, log: Log): Promise<void> {
  for (const file of safeList(REGISTRY).filter((entry) => entry.endsWith('.pid'))) {
    const prefix = file.slice(0, -'.pid'.length);
    const owner = Number(readFileSync(`${REGISTRY}/${file}`, 'utf8'));
    if (alive(owner)) continue;
    log(`清理上次中断的测试留下的命名空间 (cleaning up after an earlier run): ${prefix}`);
    await cleanPrefix(run, prefix);
  }
}

export interface LabOptions {
  log?: Log;
  /** How commands are run; a test of the hub gives the hub's own runner, so the hub's code runs as in production. */
  runner?: RunnerFactory;
}

/**
 * A new lab. `tag` (2–3 lowercase letters) tells whose runs these are (`gwh` the hub's tests, `gws` the
 * simulator's boxes); the run adds three random letters, so two runs at once never share a name.
 */
export async function createLab(tag: string, { log = (line) => process.stderr.write(`[netns] ${line}\n`), runner = createRunner }: LabOptions = {}): Promise<Lab> {
  if (!/^[a-z]{2,3}$/.test(tag)) throw new Error(`tag 应为 2–3 个小写字母: ${tag}`);
  const run = runner({ log });
  await cleanLeftovers(run, log);
  const prefix = tag + Array.from(randomBytes(3), (byte) => 'abcdefghijklmnopqrstuvwxyz'[byte % 26]).join('');
  mkdirSync(REGISTRY, { recursive: true });
  // recorded before anything is made, so a crash at any point leaves a trail the next run follows
  writeFileSync(`${REGISTRY}/${prefix}.pid`, String(process.pid));
  const children = new Set<ChildProcess>();
  let links = 0;

  const adopt = (name: string): Namespace => ({
    name,
    run: runner({ prefix: ['ip', 'netns', 'exec', name], log }),
    spawn(argv, env) {
      const child = spawn('ip', ['netns', 'exec', name, ...argv], { stdio: ['pipe', 'pipe', 'pipe'], env: env && { ...process.env, ...env } });
      children.add(child);
      child.on('exit', () => children.delete(child));
      return child;
    },
  });

  const namespace = async (short: string): Promise<Namespace> => {
    if (!/^[a-z0-9]{1,9}$/.test(short)) throw new Error(`命名空间简称应为 1–9 个小写字母或数字: ${short}`);
    const name = `${prefix}-${short}`;
    await run(['ip', 'netns', 'add', name]);
    const ns = adopt(name);
    await ns.run(['ip', 'link', 'set', 'dev', 'lo', 'up']);
    return ns;
  };

  const remove = async (ns: Namespace) => {
    if (!ns.name.startsWith(`${prefix}-`)) throw new Error(`不是本实验室创建的命名空间: ${ns.name}`);
    await deleteNamespace(run, ns.name);
  };

  const link: Lab['link'] = async (a, aAddress, b, bAddress) => {
    for (const address of [aAddress, bAddress]) if (!parseIpv4WithPrefix(address)) throw new Error(`地址应为 IPv4 地址加前缀长度: ${address}`);
    if (a === 'root') {
      const own = parseIpv4WithPrefix(aAddress)!;
      // the machine's own namespace is never given a tunnel's or a factory's address: only the underlay's
      if (!blockContains(UNDERLAY, { base: own.address, bits: 32 })) throw new Error(`本机命名空间只能使用 198.18.0.0/15 内的地址: ${aAddress}`);
    }
    const n = ++links;
    const [aName, bName] = [`${prefix}v${n}a`, `${prefix}v${n}b`];
    const aRun = a === 'root' ? run : a.run;
    await aRun(['ip', 'link', 'add', 'dev', aName, 'type', 'veth', 'peer', 'name', bName, 'netns', b.name]);
    await aRun(['ip', 'addr', 'add', aAddress, 'dev', aName]);
    await aRun(['ip', 'link', 'set', 'dev', aName, 'up']);
    await b.run(['ip', 'addr', 'add', bAddress, 'dev', bName]);
    await b.run(['ip', 'link', 'set', 'dev', bName, 'up']);
    return { a: aName, b: bName };
  };

  let cleaned = false;
  return {
    prefix,
    run,
    namespace,
    adopt,
    remove,
    link,
    interfaceName: (short) => {
      const name = `${prefix}${short}`;
      if (!/^[a-z0-9]+$/.test(short) || name.length > 15) throw new Error(`接口名称过长或含非法字符: ${name}`);
      return name;
    },
    async cleanup() {
      if (cleaned) return;
      cleaned = true;
      for (const child of children) child.kill('SIGKILL');
      await cleanPrefix(run, prefix);
    },
  };
}

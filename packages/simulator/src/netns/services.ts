import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Namespace } from './lab.js';
import { AGENT_SCRIPT, MACHINE_SCRIPT } from './scripts.js';

/** A line a process printed, with when it arrived. */
export interface Heard {
  line: string;
  at: number;
}

/** Collects a child's stdout lines, and resolves `until` once a line matches. */
function listen(child: ChildProcess) {
  const heard: Heard[] = [];
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    heard.push({ line, at: Date.now() });
    for (const wake of waiters) wake();
  });
  const until = (match: (line: string) => boolean, timeoutMs: number, what: string) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = heard.find((entry) => match(entry.line));
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found.line);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${what}: 等待超时 (${timeoutMs} ms)`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  return { heard, until };
}

export interface Machine {
  name: string;
  /** What reached it, one line each: `tcp 10.9.0.2`, `http 10.9.0.2`, `udp 10.9.0.2`. */
  heard: Heard[];
}

/**
 * A machine tool in `ns`: TCP 8193 answering a line naming it, HTTP 80 a page naming it (see MACHINE_SCRIPT), on
 * `address` when given (several machine tools in one LAN namespace), else on every address.
 */
export async function startMachine(ns: Namespace, name: string, address = '0.0.0.0'): Promise<Machine> {
  return (await startMachines(ns, [{ name, address }])).machine;
}

/**
 * The machine tools of a LAN in `ns`, one process serving each on its own address. `heard` is what reached any of
 * them; `stop` ends the process (the lab ends it at cleanup otherwise).
 */
export async function startMachines(ns: Namespace, machines: readonly { name: string; address: string }[]): Promise<{ machine: Machine; stop: () => void }> {
  const child = ns.spawn([process.execPath, '-e', MACHINE_SCRIPT, ...machines.flatMap((m) => [m.name, m.address])]);
  const { heard, until } = listen(child);
  const names = machines.map((m) => m.name).join('、');
  await until((line) => line === 'ready', 15_000, `机床 ${names} 启动`);
  return { machine: { name: names, heard }, stop: () => void child.kill('SIGKILL') };
}

export interface Stream {
  /** The lines received so far, with when. */
  heard: Heard[];
  close(): Promise<void>;
}

export interface Agent {
  /** The first line a TCP service answers, or null when no answer came within `timeoutMs`. */
  tcp(host: string, port: number, timeoutMs: number): Promise<string | null>;
  /** The page an HTTP server answers on `/`, or null. */
  http(host: string, port: number, timeoutMs: number): Promise<string | null>;
  /** A TCP connection kept open, recording every line that arrives. */
  stream(host: string, port: number): Stream;
  /** Sends a UDP datagram to each host every `everyMs` until the returned stop (which answers how many were sent). */
  udp(hosts: string[], port: number, everyMs: number): Promise<() => Promise<number>>;
}

/** An agent acting from `ns` (see AGENT_SCRIPT): connections and datagrams from where an engineer's PC would be. */
export async function startAgent(ns: Namespace): Promise<Agent> {
  const child = ns.spawn([process.execPath, '-e', AGENT_SCRIPT]);
  const pending = new Map<number, (line: string | null) => void>();
  const streams = new Map<number, Heard[]>();
  let next = 0;
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  createInterface({ input: child.stdout! }).on('line', (text) => {
    const message = JSON.parse(text) as { id: number; line: string | null; at?: number };
    if (message.id === 0) return ready();
    const stream = streams.get(message.id);
    if (stream && message.at !== undefined) return void stream.push({ line: message.line!, at: message.at });
    pending.get(message.id)?.(message.line);
    pending.delete(message.id);
  });
  const ask = (command: Record<string, unknown>) =>
    new Promise<string | null>((resolve) => {
      const id = ++next;
      pending.set(id, resolve);
      child.stdin!.write(`${JSON.stringify({ ...command, id })}\n`);
    });
  await Promise.race([started, new Promise((_, reject) => setTimeout(() => reject(new Error('代理进程启动超时')), 15_000))]);
  return {
    tcp: (host, port, timeout) => ask({ op: 'tcp', host, port, timeout }),
    http: (host, port, timeout) => ask({ op: 'http', host, port, timeout }),
    stream(host, port) {
      const id = ++next;
      const heard: Heard[] = [];
      streams.set(id, heard);
      child.stdin!.write(`${JSON.stringify({ op: 'stream', id, host, port })}\n`);
      return { heard, close: async () => void (await ask({ op: 'stop', target: id })) };
    },
    async udp(hosts, port, every) {
      const id = ++next;
      pending.set(id, () => {});
      child.stdin!.write(`${JSON.stringify({ op: 'udp', id, hosts, port, every })}\n`);
      return async () => Number(await ask({ op: 'stop', target: id }));
    },
  };
}

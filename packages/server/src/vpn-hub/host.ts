import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { release } from 'node:os';
import path from 'node:path';
import { HubUnavailableError } from './errors.js';
import { stderrLog, type Log } from './runner.js';

// root's tools live in sbin, which a non-login shell's PATH may lack
const SBIN = ['/usr/local/sbin', '/usr/sbin', '/sbin', '/usr/local/bin', '/usr/bin', '/bin'];

/** The absolute path of an executable on PATH (or in the sbin folders), or null. */
export function findTool(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...SBIN];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * Whether this kernel can make a WireGuard interface itself: the module is loaded, or built in, or can be loaded
 * on demand. When it cannot, the hub runs the userspace `wireguard-go` (Debian's package) instead.
 */
export function kernelHasWireGuard(): boolean {
  if (existsSync('/sys/module/wireguard')) return true;
  const dir = `/lib/modules/${release()}`;
  return ['modules.builtin', 'modules.dep'].some((file) => {
    try {
      return /\/wireguard\.ko/.test(readFileSync(path.join(dir, file), 'utf8'));
    } catch {
      return false;
    }
  });
}

/** What the hub drives: iproute2, wireguard-tools, nftables, sysctl, and wireguard-go where the kernel lacks WireGuard. */
export const requiredTools = (kernelWireGuard: boolean) => ['ip', 'wg', 'nft', 'sysctl', ...(kernelWireGuard ? [] : ['wireguard-go'])];

export interface HostProblem {
  message: string;
  reason: HubUnavailableError['reason'];
  missing: string[];
}

/** What hostProblem looks at; tests give their own. */
export interface HostFacts {
  uid: number | undefined;
  find: (tool: string) => string | null;
  kernelWireGuard: boolean;
}

const thisHost = (): HostFacts => ({ uid: process.getuid?.(), find: findTool, kernelWireGuard: kernelHasWireGuard() });

/** Why the hub cannot run here, in one line, or null: it must be root and find every tool it drives. */
export function hostProblem(facts: HostFacts = thisHost()): HostProblem | null {
  if (facts.uid !== 0) return { message: '远程访问集线器需要 root 权限 (the VPN hub must run as root)', reason: 'not-root', missing: [] };
  const missing = requiredTools(facts.kernelWireGuard).filter((tool) => !facts.find(tool));
  if (!missing.length) return null;
  const packages = 'apt-get install iproute2 wireguard-tools nftables procps wireguard-go';
  return { message: `远程访问集线器缺少工具 (the VPN hub lacks tools): ${missing.join(', ')} — ${packages}`, reason: 'missing-tools', missing };
}

/** Says in one line why the hub cannot run here and throws a HubUnavailableError; returns when it can. */
export function assertHost(log: Log = stderrLog, facts: HostFacts = thisHost()): void {
  const problem = hostProblem(facts);
  if (!problem) return;
  log(problem.message);
  throw new HubUnavailableError(problem.message, problem.reason, problem.missing);
}

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

/** What the hub drives: iproute2, wireguard-tools, nftables, and wireguard-go where the kernel lacks WireGuard. */
export const requiredTools = () => ['ip', 'wg', 'nft', 'sysctl', ...(kernelHasWireGuard() ? [] : ['wireguard-go'])];

export interface HostProblem {
  message: string;
  reason: HubUnavailableError['reason'];
  missing: string[];
}

/** Why the hub cannot run here, in one line, or null: it must be root and find every tool it drives. */
export function hostProblem(): HostProblem | null {
  if (process.getuid?.() !== 0) return { message: '远程访问集线器需要 root 权限 (the VPN hub must run as root)', reason: 'not-root', missing: [] };
  const missing = requiredTools().filter((tool) => !findTool(tool));
  if (!missing.length) return null;
  const packages = 'apt-get install wireguard-tools nftables wireguard-go iproute2 procps';
  return { message: `远程访问集线器缺少工具 (the VPN hub lacks tools): ${missing.join(', ')} — ${packages}`, reason: 'missing-tools', missing };
}

/** Says in one line why the hub cannot run here and throws a HubUnavailableError; returns when it can. */
export function assertHost(log: Log = stderrLog): void {
  const problem = hostProblem();
  if (!problem) return;
  log(problem.message);
  throw new HubUnavailableError(problem.message, problem.reason, problem.missing);
}

import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

// root's tools live in sbin, which a non-login shell's PATH may lack
const SBIN = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** Whether an executable of that name is on PATH or in the sbin folders. */
export function hasTool(name: string): boolean {
  return [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...SBIN].some((dir) => {
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Whether the kernel has WireGuard loaded (else the lab's tunnels use wireguard-go). */
export const kernelWireGuardLoaded = () => existsSync('/sys/module/wireguard');

/**
 * Why namespaces, veths and tunnels cannot be made here, in one Chinese line, or null: it takes root and the tools
 * named (`ip`, `wg`, `nft` …).
 */
export function labProblem(tools: readonly string[]): { message: string } | null {
  if (process.getuid?.() !== 0) return { message: '需要 root 权限 (网络命名空间与 WireGuard 接口只能由 root 创建)' };
  const missing = tools.filter((tool) => !hasTool(tool));
  return missing.length ? { message: `缺少工具: ${missing.join(', ')} (apt-get install iproute2 wireguard-tools wireguard-go nftables)` } : null;
}

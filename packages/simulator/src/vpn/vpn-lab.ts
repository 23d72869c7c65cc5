import { createLab, type Lab } from '../netns/lab.js';
import { kernelWireGuardLoaded, labProblem } from '../netns/host.js';
import type { Log } from '../netns/run.js';
import type { BoxIdentity } from '../identity.js';
import { wgKeyPairOf } from '../wireguard.js';
import { boxNetwork, type BoxTunnel } from './box-network.js';
import { underlayLink } from './underlay.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { boxVpnConfigSchema, type BoxVpnConfig, type Ipv4Block } from '@gw/contracts';
import { z } from 'zod';

export interface VpnLabOptions {
  /** The namespace where the hub's endpoint is reachable (the demo's hub namespace); none: the machine's own. */
  uplinkNetns?: string;
  /** The block the boxes' underlay /30s are cut from (on 198.18.0.0/15). */
  underlay: Ipv4Block;
  /** A file where each box keeps the tunnel config it was given (JSON by gateway id), so a restarted run has them. */
  keepFile?: string;
  log: Log;
}

export interface VpnLab {
  lab: Lab;
  /** The tunnel of the `index`th box of the fleet. */
  tunnelFor: (identity: BoxIdentity, index: number) => BoxTunnel;
  /** Removes every namespace, link and process the boxes made. */
  cleanup(): Promise<void>;
}

/** The configs kept in `file`; a missing file is none, and a config that no longer parses is dropped with a line. */
function readKept(file: string | undefined, log: Log): Record<string, BoxVpnConfig> {
  if (!file) return {};
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  try {
    return z.record(z.string(), boxVpnConfigSchema).parse(JSON.parse(text));
  } catch (error) {
    log(`忽略无法读取的隧道配置文件 ${file}: ${(error as Error).message.split('\n')[0]}`);
    return {};
  }
}

/** Why `--vpn` cannot run here, in one Chinese line, or null. */
export function vpnProblem(): string | null {
  const problem = labProblem(['ip', 'wg', 'nft', 'sysctl', ...(kernelWireGuardLoaded() ? [] : ['wireguard-go'])]);
  return problem && `--vpn 无法启用: ${problem.message}`;
}

/**
 * The lab the simulator's `--vpn` boxes live in (tag `gws`): what a run that died left behind is cleaned first,
 * and what this run makes is removed by `cleanup()` (the CLI calls it on exit, SIGINT and SIGTERM included).
 */
export async function startVpnLab(options: VpnLabOptions): Promise<VpnLab> {
  const lab = await createLab('gws', { log: options.log });
  if (options.uplinkNetns) {
    const listed = (await lab.run(['ip', 'netns', 'list'])).stdout.split('\n').map((line) => line.split(' ')[0]);
    if (!listed.includes(options.uplinkNetns)) {
      await lab.cleanup();
      throw new Error(`--vpn-netns: 找不到网络命名空间 ${options.uplinkNetns}`);
    }
  }
  const uplink = options.uplinkNetns ? lab.adopt(options.uplinkNetns) : 'root';
  const kept = readKept(options.keepFile, options.log);
  const keep = (gatewayId: string) => ({
    read: () => kept[gatewayId] ?? null,
    write(config: BoxVpnConfig | null) {
      if (config) kept[gatewayId] = config;
      else delete kept[gatewayId];
      if (options.keepFile) writeFileSync(options.keepFile, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
    },
  });
  return {
    lab,
    tunnelFor: (identity, index) => {
      const link = underlayLink(options.underlay, index);
      if (!link) throw new Error(`--vpn-underlay 网段太小, 容不下第 ${index + 1} 台网关`);
      const { gateway_id: gatewayId, machines } = identity;
      return boxNetwork({ lab, uplink, link, index, gatewayId, machines, privateKey: wgKeyPairOf(identity).privateKey, log: options.log, keep: keep(gatewayId) });
    },
    cleanup: () => lab.cleanup(),
  };
}

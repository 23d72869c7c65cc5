import { createLab, type Lab } from '../netns/lab.js';
import { kernelWireGuardLoaded, labProblem } from '../netns/host.js';
import type { Log } from '../netns/run.js';
import type { BoxIdentity } from '../identity.js';
import { wgKeyPairOf } from '../wireguard.js';
import { boxNetwork, type BoxTunnel } from './box-network.js';
import { underlayLink } from './underlay.js';
import type { Ipv4Block } from '@gw/contracts';

export interface VpnLabOptions {
  /** The namespace where the hub's endpoint is reachable (the demo's hub namespace); none: the machine's own. */
  uplinkNetns?: string;
  /** The block the boxes' underlay /30s are cut from (on 198.18.0.0/15). */
  underlay: Ipv4Block;
  log: Log;
}

export interface VpnLab {
  lab: Lab;
  /** The tunnel of the `index`th box of the fleet. */
  tunnelFor: (identity: BoxIdentity, index: number) => BoxTunnel;
  /** Removes every namespace, link and process the boxes made. */
  cleanup(): Promise<void>;
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
  return {
    lab,
    tunnelFor: (identity, index) => {
      const link = underlayLink(options.underlay, index);
      if (!link) throw new Error(`--vpn-underlay 网段太小, 容不下第 ${index + 1} 台网关`);
      return boxNetwork({ lab, uplink, link, index, gatewayId: identity.gateway_id, machines: identity.machines, privateKey: wgKeyPairOf(identity).privateKey, log: options.log });
    },
    cleanup: () => lab.cleanup(),
  };
}

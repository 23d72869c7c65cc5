import { CONFIG_KEY, DEBUG_CLIENT_KEY_PLACEHOLDER, type DebugClientHub, wgQuickConfig } from '@gw/contracts';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { configValue } from '../../db/config-values.js';

/**
 * Whether clients can be given a hub to dial: VPN_ENDPOINT and VPN_HUB_PUBLIC_KEY (what a client's file names)
 * and VPN_HUB_TOKEN (without it the hub cannot read whom to let in); `missing` names what is not set.
 */
export function hubReadiness(config: Pick<Config, 'vpnHub' | 'vpnHubToken'>): DebugClientHub {
  const missing = [...(config.vpnHub ? [] : ['VPN_ENDPOINT', 'VPN_HUB_PUBLIC_KEY']), ...(config.vpnHubToken ? [] : ['VPN_HUB_TOKEN'])];
  return { ready: missing.length === 0, endpoint: config.vpnHub?.endpoint ?? '', missing };
}

export interface ClientFile {
  name: string;
  username: string;
  address: string;
  /** The private key, when the platform made it in this request; else the file says where the user's own goes. */
  privateKey?: string;
}

/** The client's wg-quick file: its address, the hub, and vpn_pool and machine_pool routed through it. */
export async function clientConfig(db: Db | Tx, hub: NonNullable<Config['vpnHub']>, client: ClientFile): Promise<string> {
  const vpnPool = await configValue(db, CONFIG_KEY.vpnPool, '10.8.0.0/16');
  const machinePool = await configValue(db, CONFIG_KEY.machinePool, '10.100.0.0/16');
  return wgQuickConfig({
    name: client.name,
    username: client.username,
    privateKey: client.privateKey ?? DEBUG_CLIENT_KEY_PLACEHOLDER,
    address: client.address,
    hubPublicKey: hub.publicKey,
    endpoint: hub.endpoint,
    allowedIps: [vpnPool, machinePool],
  });
}

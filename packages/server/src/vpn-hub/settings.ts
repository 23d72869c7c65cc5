/** What the hub process reads from its environment; docs/remote-access.md (Running the hub) lists them. */
export interface HubSettings {
  /** The platform's base URL (VPN_HUB_API), without a trailing slash: `https://iot.example.com`. */
  api: string;
  /** The secret the platform also holds (VPN_HUB_TOKEN). */
  token: string;
  /** The WireGuard interface the hub owns (VPN_INTERFACE). */
  interfaceName: string;
  /** The UDP port boxes and engineers dial (VPN_LISTEN_PORT). */
  listenPort: number;
  /** Where the hub keeps its private key (VPN_HUB_KEY_FILE), made on the first start. */
  keyFile: string;
}

export const DEFAULT_KEY_FILE = '/var/lib/gw-vpn-hub/private.key';
/** As the platform requires of VPN_HUB_TOKEN: the same secret on both sides. */
const TOKEN_MIN = 32;

/** A setting the hub cannot run with: one line naming it. */
export class HubSettingsError extends Error {
  override readonly name = 'HubSettingsError';
}

/** The settings, or a HubSettingsError naming the first one that is missing or malformed. */
export function loadHubSettings(env: NodeJS.ProcessEnv = process.env): HubSettings {
  const api = (env.VPN_HUB_API ?? '').trim().replace(/\/+$/, '');
  let url: URL | null = null;
  try {
    url = new URL(api);
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol)) throw new HubSettingsError(`环境变量 VPN_HUB_API 应为平台的地址, 如 https://iot.example.com (VPN_HUB_API must be the platform's URL), 收到 "${api}"`);
  const token = (env.VPN_HUB_TOKEN ?? '').trim();
  if (token.length < TOKEN_MIN) throw new HubSettingsError(`环境变量 VPN_HUB_TOKEN 应与平台的相同, 至少 ${TOKEN_MIN} 个字符 (VPN_HUB_TOKEN must match the platform's)`);
  const interfaceName = (env.VPN_INTERFACE ?? '').trim() || 'gw0';
  if (!/^[A-Za-z0-9_-]{1,15}$/.test(interfaceName)) throw new HubSettingsError(`环境变量 VPN_INTERFACE 应为 1–15 个字母、数字、_ 或 -, 收到 "${interfaceName}"`);
  const port = (env.VPN_LISTEN_PORT ?? '').trim() || '51820';
  const listenPort = Number(port);
  if (!/^\d+$/.test(port) || listenPort < 1 || listenPort > 65535) throw new HubSettingsError(`环境变量 VPN_LISTEN_PORT 应为 1–65535 的端口, 收到 "${port}"`);
  const keyFile = (env.VPN_HUB_KEY_FILE ?? '').trim() || DEFAULT_KEY_FILE;
  return { api, token, interfaceName, listenPort, keyFile };
}

import { z } from 'zod';
import { wgKeySchema } from '../vpn/key.js';

/**
 * The tunnel the platform gives a box (`POST /api/vpn` on its control topic): its own address on the VPN, the
 * hub it dials (public key, host:port), the engineers' networks it lets in, the keepalive that holds its NAT open,
 * the machine /24 it routes (its own address in it) and the 1:1 NAT of machine tools that keep their own LAN
 * address. The box answers `{ret: 0}` once it applied it; `DELETE /api/vpn` takes the tunnel down.
 */
export const boxVpnConfigSchema = z.object({
  address: z.string().regex(/^\d{1,3}(\.\d{1,3}){3}\/32$/),
  hub: z.object({ public_key: wgKeySchema('网关公钥'), endpoint: z.string().min(3).max(261) }),
  allowed_ips: z.array(z.string().min(9).max(18)).min(1),
  keepalive: z.number().int().positive(),
  lan: z.string().regex(/^\d{1,3}(\.\d{1,3}){3}\/24$/),
  nat: z.array(z.object({ ip: z.string(), lan_ip: z.string() })),
});
export type BoxVpnConfig = z.infer<typeof boxVpnConfigSchema>;

/**
 * The box's own services an engineer in a remote session may reach on its VPN address (its web pages): the
 * rest of the box stays closed to engineers, its machine tools are reached on their own addresses.
 */
export const BOX_REMOTE_PORTS: readonly number[] = [80, 443];

/** Seconds between the box's keepalives to the hub: under the 30 s most NATs keep a UDP mapping open. */
export const BOX_VPN_KEEPALIVE = 25;

/**
 * 隧道, what the console says of a box's tunnel, in the order it is decided: 未授权 VPN (no licence in force
 * with vpn), 未上报密钥 (no key bound yet), 密钥不符 (a key other than the bound one was refused), 远程访问未配置
 * (the platform has no hub settings), 等待网关确认 (the box has not acknowledged the config it should hold), 已下发,
 * and 已连接 (it holds its config and the hub saw its handshake within HUB_HANDSHAKE_FRESH_MS).
 */
export const TUNNEL_STATES = ['unlicensed', 'no_key', 'key_mismatch', 'hub_unset', 'pending', 'applied', 'connected'] as const;
export type TunnelState = (typeof TUNNEL_STATES)[number];
export const TUNNEL_STATE_TITLES: Record<TunnelState, string> = {
  unlicensed: '未授权 VPN',
  no_key: '未上报密钥',
  key_mismatch: '密钥不符',
  hub_unset: '远程访问未配置',
  pending: '等待网关确认',
  applied: '已下发',
  connected: '已连接',
};

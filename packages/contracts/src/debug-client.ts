import { z } from 'zod';
import { idFilterSchema } from './api.js';
import { defineResource } from './resource.js';
import { menuPath } from './menus.js';
import { wgKeyError } from './vpn/key.js';

/**
 * 调试代理 (/system/debug_client): engineers' WireGuard clients, a PC or phone of one user each. A client has an
 * address of the config item debug_pool and a public key; the hub makes it a peer, and a remote session (远程会话)
 * lets it reach one box's machine tools for a while. A client belongs to the user who made it and to that user's
 * company (the list's scope); only its owner may use it in a session.
 */
export const DEBUG_CLIENT_PATH = menuPath('debug-client');
/** `GET`: whether the platform can give clients a hub to dial (DebugClientHub); read under the menu's 查询. */
export const DEBUG_CLIENT_HUB_URL = `${DEBUG_CLIENT_PATH}/hub`;
/** `GET`: the client's wg-quick file again, without its private key (the platform never stored it). */
export const debugClientConfigUrl = (id: number) => `${DEBUG_CLIENT_PATH}/${id}/config`;

/** The PrivateKey line of a config whose private key the platform does not hold: the user writes its own there. */
export const DEBUG_CLIENT_KEY_PLACEHOLDER = '<在此填入你的私钥>';

/** The client's own public key, or empty: the platform makes a key pair and shows the private key once. */
const publicKeySchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const error = value === '' ? null : wgKeyError(value, '客户端公钥');
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

export const debugClientCreateSchema = z.object({
  name: z.string({ message: '请输入名称' }).trim().min(1, '请输入名称').max(32, '名称最长 32 个字符'),
  location: z.string().trim().max(64, '地点最长 64 个字符').optional(),
  public_key: publicKeySchema.optional(),
});
export type DebugClientCreate = z.infer<typeof debugClientCreateSchema>;

/** A client's key never changes (delete it and make a new one): only its name and place are edited. */
export const debugClientUpdateSchema = debugClientCreateSchema.omit({ public_key: true }).partial();
export type DebugClientUpdate = z.infer<typeof debugClientUpdateSchema>;

export const debugClientSchema = z.object({
  id: z.number(),
  name: z.string(),
  location: z.string(),
  /** Its address on the tunnel, without prefix: '10.9.0.2'. */
  address: z.string(),
  public_key: z.string(),
  user_id: z.number(),
  username: z.string(),
  customer_id: z.number(),
  company_name: z.string(),
  /** The platform made the key pair (the private key was shown once, in the config). */
  key_generated: z.boolean(),
  /** What the hub last reported of the peer. */
  latest_handshake: z.string().nullable(),
  rx_bytes: z.number(),
  tx_bytes: z.number(),
  /** The hub saw a handshake within HUB_HANDSHAKE_FRESH_MS. */
  connected: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DebugClient = z.infer<typeof debugClientSchema>;

/**
 * What the POST answers: the client, its wg-quick file and that file as a QR code (an SVG data URL the WireGuard
 * apps scan). With a generated key the file holds the private key, shown this once; with the user's own key its
 * PrivateKey line is DEBUG_CLIENT_KEY_PLACEHOLDER and qr is ''.
 */
export const debugClientCreatedSchema = debugClientSchema.extend({ config: z.string(), qr: z.string() });
export type DebugClientCreated = z.infer<typeof debugClientCreatedSchema>;

/** `GET {path}/{id}/config`. */
export const debugClientConfigSchema = z.object({ config: z.string() });

/** `GET {path}/hub`: ready when VPN_ENDPOINT, VPN_HUB_PUBLIC_KEY and VPN_HUB_TOKEN are all set; missing names the others. */
export const debugClientHubSchema = z.object({ ready: z.boolean(), endpoint: z.string(), missing: z.array(z.string()) });
export type DebugClientHub = z.infer<typeof debugClientHubSchema>;

export interface WgQuickInput {
  name: string;
  username: string;
  /** The private key, or DEBUG_CLIENT_KEY_PLACEHOLDER. */
  privateKey: string;
  /** The client's address, without prefix. */
  address: string;
  hubPublicKey: string;
  endpoint: string;
  /** What the client routes into the tunnel: vpn_pool and machine_pool. */
  allowedIps: readonly string[];
}

/** The client's wg-quick file, as the official WireGuard apps import it. */
export const wgQuickConfig = (input: WgQuickInput): string =>
  [
    '[Interface]',
    `# 智能网关管理系统 调试代理: ${input.name} (${input.username})`,
    `PrivateKey = ${input.privateKey}`,
    `Address = ${input.address}/32`,
    '',
    '[Peer]',
    `PublicKey = ${input.hubPublicKey}`,
    `Endpoint = ${input.endpoint}`,
    `AllowedIPs = ${input.allowedIps.join(', ')}`,
    'PersistentKeepalive = 25',
    '',
  ].join('\n');

export const debugClientResource = defineResource({
  path: DEBUG_CLIENT_PATH,
  title: '调试代理',
  audit: { table: 'debug_client' },
  item: debugClientSchema,
  create: debugClientCreateSchema,
  update: debugClientUpdateSchema,
  labels: {
    id: 'ID',
    name: '名称',
    location: '地点',
    address: '地址',
    public_key: '公钥',
    user_id: '用户',
    username: '用户',
    customer_id: '所属公司',
    company_name: '所属公司',
    key_generated: '平台生成密钥',
    latest_handshake: '最近握手',
    rx_bytes: '接收',
    tx_bytes: '发送',
    connected: '状态',
    created_at: '创建时间',
    updated_at: '更新时间',
  },
  sortable: ['id', 'name', 'created_at'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '名称、地点、地址、用户',
  filters: {
    customer_id: { label: '所属公司', schema: idFilterSchema, op: 'subtree', input: { type: 'company' } },
    user_id: { label: '用户', schema: idFilterSchema, hidden: true },
  },
  exportable: true,
  list: {
    key: 'name',
    card: ['connected', 'address', 'username', 'location'],
    hidden: ['id', 'public_key', 'key_generated', 'updated_at'],
    empty: '还没有调试代理,新增一个客户端 (电脑或手机) 后用 WireGuard 导入它的配置,再在设备上发起远程访问',
  },
});

/** What 状态 says of a client. */
export const DEBUG_CLIENT_CONNECTED_TITLES = { true: '已连接', false: '未连接' } as const;

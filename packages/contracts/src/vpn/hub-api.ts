import { z } from 'zod';
import { hubBoxSchema, hubClientSchema, hubFlowSchema } from './hub-state.js';
import { wgKeySchema } from './key.js';

/**
 * What the platform and its WireGuard hub say to each other over HTTP, under the API prefix. The hub is no user:
 * it sends the shared secret VPN_HUB_TOKEN as `Authorization: Bearer <token>`; a platform without that setting
 * answers these paths 404, as if they were not there.
 */
/** Where the platform's API lives under its base URL (VPN_HUB_API); HUB_API's paths follow it. */
export const HUB_API_PREFIX = '/custom/api/v1';

export const HUB_API = {
  /** GET: the hub's desired state as the platform's database says it (HubFeed). */
  state: '/vpn/hub/state',
  /** GET ?version=: the state as soon as its version differs from the one given, or after HUB_WATCH_SECONDS. */
  watch: '/vpn/hub/watch',
  /** POST: what the hub's interface says of each peer (HubStatusReport). */
  status: '/vpn/hub/status',
} as const;

/** The longest a watch is held open with nothing changed: under the 30 s that proxies commonly allow an idle request. */
export const HUB_WATCH_SECONDS = 25;

/** A peer whose last handshake is younger than this is 已连接: WireGuard renews a session's handshake every 2 minutes. */
export const HUB_HANDSHAKE_FRESH_MS = 3 * 60_000;

/**
 * The desired state as the platform sends it: the hub's tunnel address and its peers and flows. The interface's
 * name, port and private key are the hub's own settings (the private key never leaves the hub's host), so the
 * hub completes this into a HubState. `version` changes whenever anything else here does.
 */
export const hubFeedSchema = z.object({
  version: z.string().min(1).max(64),
  address: z.string(),
  boxes: z.array(hubBoxSchema),
  clients: z.array(hubClientSchema),
  flows: z.array(hubFlowSchema),
});
export type HubFeed = z.infer<typeof hubFeedSchema>;

const counterSchema = z.number().int('应为整数').min(0, '不能为负数').max(Number.MAX_SAFE_INTEGER, '数值过大');

/** One peer of the hub's interface as `wg show <if> dump` reads it. */
export const hubPeerReportSchema = z.strictObject({
  public_key: wgKeySchema('公钥'),
  /** The last completed handshake (ISO time), null when there has been none. */
  latest_handshake: z.iso.datetime({ offset: true, message: '应为 ISO 时间, 如 2025-01-01T08:00:00Z' }).nullable(),
  rx_bytes: counterSchema,
  tx_bytes: counterSchema,
});
export type HubPeerReport = z.infer<typeof hubPeerReportSchema>;

/** `POST /vpn/hub/status`: every peer of the hub's interface (a peer left out is taken as not connected). */
export const hubStatusReportSchema = z.strictObject({
  peers: z.array(hubPeerReportSchema).max(40_000, '最多 40000 个对端'),
});
export type HubStatusReport = z.infer<typeof hubStatusReportSchema>;

import { isIP } from 'node:net';
import path from 'node:path';
import { BOX_COMMAND_TIMEOUT_SECONDS, wgKeyError } from '@gw/contracts';
import type { RateLimits } from './http/rate-limit.js';
import { DEFAULT_TIME_ZONE, isTimeZone } from './lib/platform-zone.js';

/** Every setting the server reads from the environment; docs/configuration.md lists them with these defaults. */
export interface Config {
  port: number;
  host: string;
  /**
   * How boxes reach this server over HTTP(S), e.g. https://iot.example.com (firmware download links); empty:
   * http://127.0.0.1:<the port it listens on>, enough for boxes on the same machine (the simulator).
   */
  publicUrl: string;
  dataDir: string;
  /** Real PostgreSQL; PGlite under DATA_DIR/pglite when empty. */
  databaseUrl: string;
  /** Connections per API node to real PostgreSQL. */
  dbPoolMax: number;
  /** Token signing key; generated once and kept in the database when empty. */
  jwtSecret: string;
  tokenTtlHours: number;
  /** How long an API node trusts a session it has just checked (ms); other nodes see a revocation this late. */
  sessionCacheMs: number;
  /** How long an API node reuses a list query's total (ms); it forgets all totals when it serves a write. */
  listCountCacheMs: number;
  superUser: string;
  adminPassword: string;
  loginCaptcha: boolean;
  uploadMaxMb: number;
  /** Largest firmware file 版本管理 accepts (POST /system/version/file). */
  firmwareMaxMb: number;
  /**
   * The WeChat API the notice sender calls (access token, customer-service messages); another address only
   * for a proxy or a test double of WeChat.
   */
  wechatApiUrl: string;
  logLevel: string;
  /** Behind a load balancer: take the client ip from X-Forwarded-For. */
  /**
   * Which proxies' X-Forwarded-For to believe: false none, true every hop, a number that many hops from this
   * server, or a list of the proxies' addresses/CIDRs (Fastify's trustProxy).
   */
  trustProxy: boolean | number | string;
  /** Folder of the built console; served at /custom/. */
  webDist: string;
  /** Export (and import failure) files are deleted this long after they were written. */
  exportTtlHours: number;
  /** Export jobs one server runs at the same time. */
  exportConcurrency: number;
  /** The embedded MQTT broker runs unless MQTT_BROKER=off or MQTT_URL names an external broker. */
  mqttBroker: boolean;
  /** An external broker (not used by the server yet); setting it keeps the embedded one off. */
  mqttUrl: string;
  /** TCP (or TLS) port of the embedded broker; 0 picks any free port. */
  mqttPort: number;
  /** PEM file paths; both set: the embedded broker speaks TLS on MQTT_PORT. */
  mqttTlsCert: string;
  mqttTlsKey: string;
  /** With MQTT_URL: the shared-subscription group of the server nodes (they split data, traffic and ota). */
  mqttShareGroup: string;
  /**
   * With MQTT_URL: this node's fixed client id, and with it a session the broker keeps for MQTT_SESSION_EXPIRY
   * seconds, so what boxes publish while the node restarts waits for it; empty: a fresh id and a clean session.
   */
  mqttClientId: string;
  mqttSessionExpiry: number;
  /** With MQTT_URL: the server's own login at the external broker. */
  mqttUsername: string;
  mqttPassword: string;
  /** With MQTT_URL: the shared secret EMQX sends (header x-hook-secret) to the authn/authz hooks; empty: hooks answer 404. */
  emqxHookSecret: string;
  /** With MQTT_URL: keep Mosquitto 2's dynamic security in step with the boxes (the server's login must be a dynsec admin). */
  mqttDynsec: boolean;
  /** Seconds the platform waits for a box's reply to a command before 设备无响应. */
  boxCommandTimeoutSeconds: number;
  /** How often the boxes' last_seen_at, kept in memory per message, is written (one statement for all, ms). */
  presenceFlushMs: number;
  /** Days of telemetry history kept: older daily partitions are dropped whole (at start and daily). */
  telemetryRetentionDays: number;
  /** The ingest writes what arrived at most this long ago in one transaction (ms)... */
  ingestBatchMs: number;
  /** ...or as soon as this many machine values are queued. */
  ingestBatchMax: number;
  /** Batches written at once: each box's readings always go to the same writer, so a box's order is kept. */
  ingestWriters: number;
  /**
   * Requests per minute per client address (per API node; 0 = off) on the public routes that do work for anyone:
   * login, the captcha, short-link visits and WeChat's callback. High enough for a factory's staff behind one
   * NAT address; a guesser or a flood gets 429.
   */
  rateLimits: RateLimits;
  /**
   * The JSON body a route takes (KB) unless its schema holds more (a long text, a long id list; at most 2 MB);
   * file uploads have their own limits.
   */
  jsonBodyLimitKb: number;
  /** With it, /custom/api/metrics answers `Authorization: Bearer <METRICS_TOKEN>` from anywhere. */
  metricsToken: string;
  /** Addresses and CIDRs that read /custom/api/metrics without the token (loopback unless set; empty: none). */
  metricsAllow: string[];
  /**
   * The platform's IANA time zone: every day boundary and every time shown, typed, filtered or exported is in
   * it, whatever the zone of the server or of the browser.
   */
  timeZone: string;
  /**
   * The WireGuard hub boxes dial: its address as boxes reach it (VPN_ENDPOINT, host:port) and its public key
   * (VPN_HUB_PUBLIC_KEY). Both empty: remote access is not set up and no box is sent a tunnel.
   */
  vpnHub: { endpoint: string; publicKey: string } | null;
  /**
   * The secret the hub process sends (`Authorization: Bearer`) to read its desired state and report its peers
   * (VPN_HUB_TOKEN, at least 32 characters); empty: those routes answer 404, remote access is not set up.
   */
  vpnHubToken: string;
}

const here = path.dirname(new URL(import.meta.url).pathname);

function int(value: string | undefined, fallback: number, name: string, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min) throw new Error(`环境变量 ${name} 必须是不小于 ${min} 的数字,收到 "${value}"`);
  return n;
}

/**
 * TRUST_PROXY: off, on (every hop), a number of hops, or the proxies' addresses. With `on` a client that sends
 * its own X-Forwarded-For picks the address the logs, the lockout and the rate limits see unless the proxy
 * replaces that header; a hop count or the proxy's address believes only what the proxy itself appended.
 */
function trustProxyOf(value: string | undefined): boolean | number | string {
  const v = (value ?? '').trim();
  if (/^(|off|false|no|0)$/i.test(v)) return false;
  if (/^(on|true|yes)$/i.test(v)) return true;
  if (/^\d+$/.test(v)) return Number(v);
  const names = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
  const valid = (e: string) => {
    if (names.has(e)) return true;
    const [address, bits, extra] = e.split('/');
    const family = isIP(address);
    return family !== 0 && extra === undefined && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)));
  };
  const bad = entries.find((e) => !valid(e));
  if (bad !== undefined || !entries.length) throw new Error(`环境变量 TRUST_PROXY 应为 off、on、跳数或代理地址(如 10.0.0.0/8,逗号分隔),收到 "${bad ?? v}"`);
  return entries.join(',');
}

/** TIME_ZONE: an IANA zone Intl knows (Asia/Shanghai when unset). */
function timeZoneOf(value: string | undefined): string {
  const zone = (value ?? '').trim() || DEFAULT_TIME_ZONE;
  if (!isTimeZone(zone)) throw new Error(`环境变量 TIME_ZONE 应为 IANA 时区名(如 Asia/Shanghai、America/New_York),收到 "${zone}"`);
  return zone;
}

/** host:port (a name, an IPv4 address or a bracketed IPv6 one, and a port 1–65535). */
const ENDPOINT = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?):(\d{1,5})$/;

/** VPN_ENDPOINT and VPN_HUB_PUBLIC_KEY: both or neither, each well-formed; a half-set hub refuses to start. */
function vpnHubOf(endpointValue: string | undefined, keyValue: string | undefined): Config['vpnHub'] {
  const endpoint = (endpointValue ?? '').trim();
  const publicKey = (keyValue ?? '').trim();
  if (!endpoint && !publicKey) return null;
  if (!endpoint || !publicKey) throw new Error('环境变量 VPN_ENDPOINT 与 VPN_HUB_PUBLIC_KEY 须同时设置 (或都不设置: 不启用远程访问)');
  const m = ENDPOINT.exec(endpoint);
  if (!m || Number(m[3]) < 1 || Number(m[3]) > 65535) throw new Error(`环境变量 VPN_ENDPOINT 应为 主机:端口 (如 vpn.example.com:51820),收到 "${endpoint}"`);
  const keyError = wgKeyError(publicKey, 'VPN 服务器公钥');
  if (keyError) throw new Error(`环境变量 VPN_HUB_PUBLIC_KEY: ${keyError}`);
  return { endpoint, publicKey };
}

/** The shortest VPN_HUB_TOKEN taken: 32 characters of a random secret leave nothing to guess in any lifetime. */
export const VPN_HUB_TOKEN_MIN = 32;

/** VPN_HUB_TOKEN: empty, or a secret of at least VPN_HUB_TOKEN_MIN characters (a short one refuses to start). */
function vpnHubTokenOf(value: string | undefined): string {
  const token = (value ?? '').trim();
  if (token && token.length < VPN_HUB_TOKEN_MIN)
    throw new Error(`环境变量 VPN_HUB_TOKEN 至少 ${VPN_HUB_TOKEN_MIN} 个字符 (如 openssl rand -hex 32 生成),收到 ${token.length} 个字符`);
  return token;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  return {
    port: int(env.PORT, 9527, 'PORT'),
    host: env.HOST || '0.0.0.0',
    publicUrl: env.PUBLIC_URL || '',
    dataDir,
    databaseUrl: env.DATABASE_URL || '',
    dbPoolMax: int(env.DB_POOL_MAX, 20, 'DB_POOL_MAX', 1),
    jwtSecret: env.JWT_SECRET || '',
    tokenTtlHours: int(env.TOKEN_TTL_HOURS, 168, 'TOKEN_TTL_HOURS', 1),
    sessionCacheMs: int(env.SESSION_CACHE_MS, 1000, 'SESSION_CACHE_MS'),
    listCountCacheMs: int(env.LIST_COUNT_CACHE_MS, 5000, 'LIST_COUNT_CACHE_MS'),
    superUser: env.SUPER_USER || 'admin',
    adminPassword: env.ADMIN_PASSWORD || '',
    loginCaptcha: !/^(off|false|0|no)$/i.test(env.LOGIN_CAPTCHA ?? 'on'),
    uploadMaxMb: int(env.UPLOAD_MAX_MB, 20, 'UPLOAD_MAX_MB', 1),
    firmwareMaxMb: int(env.FIRMWARE_MAX_MB, 200, 'FIRMWARE_MAX_MB', 1),
    wechatApiUrl: (env.WECHAT_API_URL || 'https://api.weixin.qq.com').replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    webDist: path.resolve(env.WEB_DIST || path.join(here, '../../web/dist')),
    exportTtlHours: int(env.EXPORT_TTL_HOURS, 72, 'EXPORT_TTL_HOURS', 1),
    exportConcurrency: int(env.EXPORT_CONCURRENCY, 1, 'EXPORT_CONCURRENCY', 1),
    mqttBroker: !/^(off|false|0|no)$/i.test(env.MQTT_BROKER ?? 'on') && !env.MQTT_URL,
    mqttUrl: env.MQTT_URL || '',
    mqttPort: int(env.MQTT_PORT, 1883, 'MQTT_PORT'),
    mqttTlsCert: env.MQTT_TLS_CERT || '',
    mqttTlsKey: env.MQTT_TLS_KEY || '',
    // set but empty: one node, plain subscriptions (MQTT_SHARE_GROUP= ); unset: the group gw, safe for several nodes
    mqttShareGroup: (env.MQTT_SHARE_GROUP ?? 'gw').trim(),
    mqttClientId: env.MQTT_CLIENT_ID || '',
    mqttSessionExpiry: int(env.MQTT_SESSION_EXPIRY, 3600, 'MQTT_SESSION_EXPIRY', 1),
    mqttUsername: env.MQTT_USERNAME || '',
    mqttPassword: env.MQTT_PASSWORD || '',
    emqxHookSecret: env.EMQX_HOOK_SECRET || '',
    mqttDynsec: /^(on|true|1|yes)$/i.test(env.MQTT_DYNSEC ?? 'off'),
    boxCommandTimeoutSeconds: int(env.BOX_COMMAND_TIMEOUT_SECONDS, BOX_COMMAND_TIMEOUT_SECONDS, 'BOX_COMMAND_TIMEOUT_SECONDS', 1),
    presenceFlushMs: int(env.PRESENCE_FLUSH_MS, 5000, 'PRESENCE_FLUSH_MS', 10),
    telemetryRetentionDays: int(env.TELEMETRY_RETENTION_DAYS, 30, 'TELEMETRY_RETENTION_DAYS', 1),
    ingestBatchMs: int(env.INGEST_BATCH_MS, 20, 'INGEST_BATCH_MS', 1),
    ingestBatchMax: int(env.INGEST_BATCH_MAX, 1000, 'INGEST_BATCH_MAX', 1),
    ingestWriters: int(env.INGEST_WRITERS, 4, 'INGEST_WRITERS', 1),
    rateLimits: {
      login: int(env.RATE_LIMIT_LOGIN, 30, 'RATE_LIMIT_LOGIN'),
      captcha: int(env.RATE_LIMIT_CAPTCHA, 60, 'RATE_LIMIT_CAPTCHA'),
      shortLink: int(env.RATE_LIMIT_SHORT_LINK, 120, 'RATE_LIMIT_SHORT_LINK'),
      wechat: int(env.RATE_LIMIT_WECHAT, 600, 'RATE_LIMIT_WECHAT'),
    },
    jsonBodyLimitKb: int(env.JSON_BODY_LIMIT_KB, 256, 'JSON_BODY_LIMIT_KB', 1),
    metricsToken: env.METRICS_TOKEN || '',
    metricsAllow: (env.METRICS_ALLOW ?? '127.0.0.1,::1').split(',').map((a) => a.trim()).filter(Boolean),
    timeZone: timeZoneOf(env.TIME_ZONE),
    vpnHub: vpnHubOf(env.VPN_ENDPOINT, env.VPN_HUB_PUBLIC_KEY),
    vpnHubToken: vpnHubTokenOf(env.VPN_HUB_TOKEN),
  };
}

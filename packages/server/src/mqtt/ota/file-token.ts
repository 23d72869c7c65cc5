import { createHmac, timingSafeEqual } from 'node:crypto';
import { FIRMWARE_URL_TTL_SECONDS, versionDownloadPath } from '@gw/contracts';
import type { FastifyInstance } from 'fastify';
import type { CoreDeps } from '../../app-deps.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { API_PREFIX } from '../../http/guard.js';
import { loadDeviceSecretKey } from '../identity/secret.js';

/**
 * A firmware download link for one box: `<base>/custom/api/v1/system/version/{id}/download?gw=&exp=&token=`, the
 * token an HMAC of (release, box, expiry) under the platform's key. A box gets a fresh one in each command;
 * nobody can widen one (another release, another box, a later expiry) without the key.
 */
export function firmwareUrl(base: string, key: string, versionId: number, gatewayId: string, nowMs: number, ttlSeconds = FIRMWARE_URL_TTL_SECONDS): string {
  const exp = Math.floor(nowMs / 1000) + ttlSeconds;
  const query = new URLSearchParams({ gw: gatewayId, exp: String(exp), token: sign(key, versionId, gatewayId, exp) });
  return `${base.replace(/\/+$/, '')}${API_PREFIX}${versionDownloadPath(versionId)}?${query.toString()}`;
}

/** Whether a download's token was signed for this release, box and expiry, and the expiry has not passed. */
export function checkFirmwareToken(key: string, versionId: number, gatewayId: string, exp: number, token: string, nowMs: number): boolean {
  if (!Number.isInteger(exp) || exp * 1000 < nowMs) return false;
  const expected = Buffer.from(sign(key, versionId, gatewayId, exp));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sign(key: string, versionId: number, gatewayId: string, exp: number): string {
  return createHmac('sha256', key).update(`firmware:${versionId}:${gatewayId}:${exp}`).digest('base64url');
}

/**
 * Where boxes reach this server over HTTP: PUBLIC_URL, else the loopback at the port the app listens on (boxes on
 * the same machine, the simulator); an app not listening (tests through inject) names the configured port.
 */
export function serverBaseUrl(app: FastifyInstance, config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const address = app.server.address();
  return `http://127.0.0.1:${address && typeof address === 'object' ? address.port : config.port}`;
}

const keys = new WeakMap<Db, Promise<string>>();

/** The key firmware links are signed with (the platform's device key), read once per database. */
export function firmwareKey(db: Db): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = loadDeviceSecretKey(db);
    // a failed read is tried again next time rather than remembered
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/**
 * The download link of release `versionId` for box `gatewayId`, valid FIRMWARE_URL_TTL_SECONDS from now: what an
 * upgrade command carries (`boxUpgradeSchema.url`).
 */
export async function firmwareDownloadUrl(app: FastifyInstance, deps: Pick<CoreDeps, 'config' | 'db' | 'clock'>, versionId: number, gatewayId: string): Promise<string> {
  return firmwareUrl(serverBaseUrl(app, deps.config), await firmwareKey(deps.db), versionId, gatewayId, deps.clock.now().getTime());
}

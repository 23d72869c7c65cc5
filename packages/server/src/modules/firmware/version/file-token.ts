import { createHmac, timingSafeEqual } from 'node:crypto';
import { FIRMWARE_URL_TTL_SECONDS, versionDownloadPath } from '@gw/contracts';
import { API_PREFIX } from '../../../http/guard.js';

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

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSecret } from '../../db/schema.js';
import { DEVICE_SECRET_KEY } from '../../db/seed.js';

/**
 * A box's MQTT password: 144 random bits, shown once. It is random, so it needs no slow password hash: a keyed
 * HMAC-SHA256 (the key is the platform's, kept in app_secret) makes a stolen table useless and lets thousands
 * of reconnecting boxes be verified in microseconds each.
 */
export function newDeviceSecret(): string {
  return randomBytes(18).toString('base64url');
}

export function hashDeviceSecret(key: string, secret: string): string {
  return createHmac('sha256', key).update(secret).digest('base64url');
}

export function verifyDeviceSecret(key: string, secret: string, stored: string): boolean {
  const given = Buffer.from(hashDeviceSecret(key, secret));
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The key of box secret hashes: generated once at the first start, the same on every node. */
export async function loadDeviceSecretKey(db: Db): Promise<string> {
  const [row] = await db.select({ value: appSecret.value }).from(appSecret).where(eq(appSecret.name, DEVICE_SECRET_KEY));
  return row.value;
}

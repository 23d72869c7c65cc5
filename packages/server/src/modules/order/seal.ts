import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSecret } from '../../db/schema.js';

/** The app_secret row of the key that seals new boxes' identities until their download. */
export const IDENTITY_KEY = 'order_identity_key';

/**
 * The key (32 bytes): made by the first start that needs it, the same on every node (when nodes start together
 * the first insert wins and the others read its key).
 */
export async function loadIdentityKey(db: Db): Promise<Buffer> {
  await db
    .insert(appSecret)
    .values({ name: IDENTITY_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecret.value }).from(appSecret).where(eq(appSecret.name, IDENTITY_KEY));
  return Buffer.from(row.value, 'base64url');
}

/**
 * AES-256-GCM with a fresh 96-bit nonce; `context` (e.g. the order's id) is authenticated with it, so a sealed
 * value moved to another row does not open. The text: nonce.tag.ciphertext, each base64url.
 */
export function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** Opens what `seal` made under the same key and context; throws on any change. */
export function unseal(key: Buffer, sealed: string, context: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context)).setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

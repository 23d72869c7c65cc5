import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSecret } from '../../db/schema.js';
import { LICENSE_PRIVATE_KEY } from '../../db/seed.js';
import { type LicenseKeyPair, publicKeyOf } from '../../lib/license.js';

/**
 * The platform's licence key pair: made at the first start (seed.ts) and read from the database, so every node
 * signs with the same key and every box, whichever node it asked, checks with the same public key. The private
 * half is for signing only; no answer carries it.
 */
export async function loadLicenseKey(db: Db): Promise<LicenseKeyPair> {
  const [row] = await db.select({ value: appSecret.value }).from(appSecret).where(eq(appSecret.name, LICENSE_PRIVATE_KEY));
  if (!row) throw new Error(`app_secret ${LICENSE_PRIVATE_KEY} is missing: the database was not seeded`);
  return { privateKeyPem: row.value, publicKeyPem: publicKeyOf(row.value) };
}

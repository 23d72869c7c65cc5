import { eq, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONFIG_KEY, DEFAULT_DEBUG_POOL, type debugClientResource } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { configValue } from '../../db/config-values.js';
import { customer, debugClient, device } from '../../db/schema.js';
import { badRequest, refused } from '../../http/errors.js';
import type { ResourceHooks } from '../../http/resource/types.js';
import type { Config } from '../../config.js';
import { allocateClientAddress } from './address.js';
import { hubReadiness } from './hub.js';
import { newWgKeyPair } from './keys.js';
import { MSG } from './messages.js';

type Hooks = ResourceHooks<typeof debugClient, typeof debugClientResource>;

/** The private key made for a client in this request: its answer shows it once, nothing stores it. */
export type MadeKeys = WeakMap<object, string>;

/**
 * A new client needs the hub set up (its file names the hub), and a public key no other peer of the hub has:
 * WireGuard tells peers apart by their keys alone.
 */
export const checkClientWrite =
  (config: Pick<Config, 'vpnHub' | 'vpnHubToken'>): NonNullable<Hooks['checkWrite']> =>
  async (_req, values, current, tx) => {
    if (current) return;
    const hub = hubReadiness(config);
    if (!hub.ready) throw refused(MSG.hubUnset(hub.missing));
    if (values.public_key) await checkKeyFree(tx, values.public_key);
  };

async function checkKeyFree(tx: Tx, key: string): Promise<void> {
  const [client] = await tx.select({ id: debugClient.id }).from(debugClient).where(eq(debugClient.public_key, key)).limit(1);
  const [box] = await tx
    .select({ id: device.id })
    .from(device)
    .where(or(eq(device.wg_public_key, key), eq(device.wg_refused_key, key)))
    .limit(1);
  if (client || box) throw badRequest(`public_key: ${MSG.keyTaken}`);
}

/** The company a client belongs to: its maker's, the vendor's own for a user of none (the super user). */
async function companyOf(req: FastifyRequest, tx: Tx): Promise<number> {
  if (req.user.customerId !== null) return req.user.customerId;
  const [vendor] = await tx.select({ id: customer.id }).from(customer).where(eq(customer.is_vendor, true)).limit(1);
  return vendor.id;
}

/**
 * A new client's columns: its maker and their company, an address of debug_pool, and the public key given — or
 * a key pair made here, whose private key `made` keeps for this request's answer only. An update changes the name
 * and place alone (a key never changes: delete the client and make a new one).
 */
export const clientColumns =
  (made: MadeKeys): NonNullable<Hooks['toColumns']> =>
  async (values, req, tx) => {
    if (req.method !== 'POST') return { name: values.name, location: values.location };
    let publicKey = values.public_key ?? '';
    if (!publicKey) {
      const pair = newWgKeyPair();
      made.set(req, pair.privateKey);
      publicKey = pair.publicKey;
    }
    const pool = await configValue(tx, CONFIG_KEY.debugPool, DEFAULT_DEBUG_POOL);
    return {
      name: values.name!,
      location: values.location ?? '',
      public_key: publicKey,
      key_generated: made.has(req),
      address: await allocateClientAddress(tx, pool),
      user_id: req.user.id,
      customer_id: await companyOf(req, tx),
    };
  };

import { type SQL, sql } from 'drizzle-orm';
import { license } from './schema.js';

/**
 * A licence that holds now: not revoked, and now within [nbf, exp): the one a box is given when it becomes
 * reachable, the one its machine tools are enabled against (modules/license/enforce.ts), and the one whose vpn
 * flag lets the box tunnel and engineers' sessions reach it.
 */
export const licenseInForce: SQL = sql`${license.revoked_at} is null and ${license.nbf} <= now() and ${license.exp} > now()`;

import { randomInt } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { SHORT_CODE_LENGTH } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { shortUrl } from '../../db/schema.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Rounds with a collision before generated codes grow by one character. */
const ROUNDS_PER_LENGTH = 3;
/** The longest code SHORT_CODE_RE accepts. */
const MAX_LENGTH = 32;

/** A random base62 code of `length` characters (crypto.randomInt: unbiased, not guessable). */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += BASE62[randomInt(BASE62.length)];
  return code;
}

/**
 * Writes that pick codes take turns (the transaction's advisory lock): a code found free stays free until the
 * insert, for a custom code checked and for generated ones alike.
 */
export async function lockCodes(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('short_url_code'))`);
}

/**
 * `count` distinct codes no link holds, generated (call after `lockCodes`). A round redraws only the codes
 * found taken; after every ROUNDS_PER_LENGTH rounds that still collide, codes grow by one character, so even
 * a crowded space ends quickly. `draw` is for tests.
 */
export async function freeCodes(tx: Tx, count: number, draw: (length: number) => string = randomCode): Promise<string[]> {
  const chosen = new Set<string>();
  for (let round = 0; chosen.size < count; round++) {
    const length = SHORT_CODE_LENGTH + Math.floor(round / ROUNDS_PER_LENGTH);
    if (length > MAX_LENGTH) throw new Error('short_url: no free code found');
    const needed = count - chosen.size;
    const drawn = new Set<string>();
    // a code drawn twice (in this round or an earlier one) counts as a collision
    for (let i = 0; i < needed * 2 && drawn.size < needed; i++) {
      const code = draw(length);
      if (!chosen.has(code)) drawn.add(code);
    }
    if (!drawn.size) continue;
    const taken = new Set((await tx.select({ code: shortUrl.code }).from(shortUrl).where(inArray(shortUrl.code, [...drawn]))).map((r) => r.code));
    for (const code of drawn) if (!taken.has(code)) chosen.add(code);
  }
  return [...chosen];
}

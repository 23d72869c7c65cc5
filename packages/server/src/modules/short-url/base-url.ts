import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONFIG_KEY, SHORT_URL_PREFIX } from '@gw/contracts';
import type { Db, Tx } from '../../db/client.js';
import { configValue } from '../../db/config-values.js';
import { requestOrigin } from '../../http/origin.js';

const trimSlash = (base: string) => base.trim().replace(/\/+$/, '');


/**
 * The address short links are printed under: the config item short_url_base, else PUBLIC_URL, else the
 * address this request came to, so a link printed from the console opens wherever the console is reached.
 */
export async function linkBase(db: Db | Tx, publicUrl: string, req: FastifyRequest): Promise<string> {
  return trimSlash(await configValue(db, CONFIG_KEY.shortUrlBase, publicUrl || requestOrigin(req)));
}

export const shortUrlOf = (base: string, code: string): string => `${trimSlash(base)}${SHORT_URL_PREFIX}${code}`;

/**
 * The derived `short_url`: the configured short_url_base + /s/ + code, or just /s/ + code when none is
 * configured — `withBase` then puts PUBLIC_URL or the request's origin in front. (A derived value takes no
 * parameters: the key and prefix are constants of the contracts, written as literals.)
 */
export const shortUrlSql = sql<string>`coalesce(rtrim((select c.value from config c where c.key = ${sql.raw(`'${CONFIG_KEY.shortUrlBase}'`)}), '/'), '') || ${sql.raw(`'${SHORT_URL_PREFIX}'`)} || short_url.code`;

/** A derived short_url made absolute: one that has no base yet gets `base` in front (left as it is when `base` is empty). */
export const withBase = (link: string, base: string): string => (link.startsWith('/') ? `${trimSlash(base)}${link}` : link);

import { and, eq, sql } from 'drizzle-orm';
import { httpUrlError, shortUrlResource } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { shortUrl } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { ColumnValues, ResourceHooks, ResourceRequest } from '../../http/resource/types.js';
import { refuseDuplicate } from '../../http/resource/unique.js';
import { requireVendorScope } from '../../http/scope.js';
import { freeCodes, lockCodes } from './code.js';
import { MSG } from './messages.js';

/** Short links are the vendor's tool: a customer's user sees none, whatever its role grants. */
export const vendorOnlyWhere = (req: ResourceRequest) => (req.user.scope === 'all' ? undefined : sql`false`);

/**
 * 短链接's write rules: vendor staff only; a target is an http(s) URL (checked again here on the parsed URL,
 * whatever a client skipped); a custom code is unique (短码已被使用), an empty one is generated; codes are
 * picked one writer at a time.
 */
export const shortUrlRules: Required<Pick<ResourceHooks<typeof shortUrl, typeof shortUrlResource>, 'checkWrite' | 'toColumns' | 'checkDelete'>> = {
  async checkWrite(req, values, current, tx) {
    requireVendorScope(req, MSG.vendorOnly);
    if (typeof values.target === 'string') {
      const error = httpUrlError(values.target);
      if (error) throw badRequest(`参数错误 target: ${error}`);
    }
    const code = values.code;
    if (!current || code) await lockCodes(tx);
    if (code) await refuseDuplicate(tx, { table: shortUrl, id: shortUrl.id, column: shortUrl.code }, code, current, MSG.codeTaken(code));
  },

  async toColumns(values, req, tx) {
    const { expires_at, ...rest } = values;
    const columns: ColumnValues<typeof shortUrl> = rest;
    if (expires_at !== undefined) columns.expires_at = expires_at === null ? null : new Date(expires_at);
    if (req.method === 'POST') {
      if (!columns.code) [columns.code] = await freeCodes(tx, 1);
      columns.created_by = req.user.id;
    }
    return columns;
  },

  async checkDelete(req) {
    requireVendorScope(req, MSG.vendorOnly);
  },
};

/** The link `id` as the caller may read it (code and id), or 404 as for a link that does not exist. */
export async function readableLink(db: Db, req: ResourceRequest, id: number): Promise<{ id: number; code: string }> {
  const [link] = await db
    .select({ id: shortUrl.id, code: shortUrl.code })
    .from(shortUrl)
    .where(and(eq(shortUrl.id, id), vendorOnlyWhere(req)));
  if (!link) throw notFound(shortUrlResource.title);
  return link;
}

import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { WriteValues, deviceTagResource } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { customer, deviceTag, deviceTagLink } from '../../db/schema.js';
import { refused } from '../../http/errors.js';
import type { ColumnValues, ResourceContext, Row, Stored } from '../../http/resource/types.js';
import { customerScope } from '../../http/scope.js';
import { MSG } from '../fleet/messages.js';

/**
 * A tag belongs to a company in the caller's scope (by default the caller's own), and its name is unique within
 * that company.
 */
type Tag = Stored<typeof deviceTag>;
type TagValues = WriteValues<typeof deviceTagResource>;

export async function checkTagWrite(req: FastifyRequest, values: TagValues, current: Tag | null, tx: Tx): Promise<void> {
  const owner = values.customer_id ?? current?.customer_id ?? req.user.customerId;
  if (owner == null) throw refused(MSG.tagOwnerOutside);
  if (values.customer_id !== undefined || !current) {
    const [found] = await tx.select({ id: customer.id }).from(customer).where(and(eq(customer.id, owner), customerScope(req.user, customer.id)));
    if (!found) throw refused(MSG.tagOwnerOutside);
  }
  // a create names it (its schema requires a name), an update may keep the stored one
  const name = (values.name ?? current?.name) as string;
  const [taken] = await tx
    .select({ id: deviceTag.id })
    .from(deviceTag)
    .where(and(eq(deviceTag.customer_id, owner), eq(deviceTag.name, name), current ? ne(deviceTag.id, current.id) : undefined));
  if (taken) throw refused(MSG.tagNameTaken(name));
}

/** A new tag's owner defaults to the caller's own company (checkTagWrite has refused a caller without one). */
export function newTagColumns(values: TagValues, req: FastifyRequest): ColumnValues<typeof deviceTag> {
  const owner = values.customer_id ?? req.user.customerId;
  return owner == null ? values : { ...values, customer_id: owner };
}

/** How many boxes carry each tag of a page. */
export async function withDeviceCounts(rows: Tag[], { db }: ResourceContext): Promise<Row[]> {
  const ids = rows.map((r) => r.id);
  const counts = await db
    .select({ tag_id: deviceTagLink.tag_id, n: count() })
    .from(deviceTagLink)
    .where(inArray(deviceTagLink.tag_id, ids))
    .groupBy(deviceTagLink.tag_id);
  const byId = new Map(counts.map((c) => [c.tag_id, c.n]));
  return rows.map((r) => ({ ...r, device_count: byId.get(r.id) ?? 0 }));
}

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { customerSchema, customerUpdateSchema, customerWriteSchema } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { customer } from '../../db/schema.js';
import { refused } from '../../http/errors.js';
import { registerResource } from '../../http/resource.js';
import { customerScope, customerSubtree } from '../../http/scope.js';
import { serializeCustomer } from './serialize.js';

/** 客户管理 (/manager/custom): the customer tree; a customer user sees and edits only its own subtree. */
export function customerRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    path: '/manager/custom',
    title: '客户',
    table: customer,
    id: customer.id,
    createdAt: customer.created_at,
    scopeColumn: customer.id,
    keywords: [customer.company_name, customer.name, customer.contact, customer.phone],
    sortable: { id: customer.id, company_name: customer.company_name, created_at: customer.created_at },
    item: customerSchema,
    create: customerWriteSchema,
    update: customerUpdateSchema,
    serialize: (row) => serializeCustomer(row as typeof customer.$inferSelect),
    async checkWrite(req, values, current, tx) {
      if (current && (!('parent_id' in values) || values.parent_id === current.parent_id)) return;
      const parentId = values.parent_id as number | null | undefined;
      if (parentId == null) {
        if (req.user.scope !== 'all') throw refused('只能在本公司下创建或移动下级公司');
        return;
      }
      const [parent] = await tx
        .select({ id: customer.id })
        .from(customer)
        .where(and(eq(customer.id, parentId), customerScope(req.user, customer.id)));
      if (!parent) throw refused('上级公司不存在');
      if (current) {
        const [loop] = await tx
          .select({ id: customer.id })
          .from(customer)
          .where(and(eq(customer.id, parentId), sql`${customer.id} in (${customerSubtree(current.id as number)})`));
        if (loop) throw refused('上级公司不能是自己的下级');
      }
    },
  });
}

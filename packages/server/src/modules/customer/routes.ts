import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerResource as resource, customerSchema, customerUpdateSchema, customerWriteSchema, departmentNodeSchema, envelopeSchema } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { customer } from '../../db/schema.js';
import { ok } from '../../http/reply.js';
import { chinaTime } from '../../jobs/xlsx.js';
import { registerResource } from '../../http/resource/register.js';
import { customerScope } from '../../http/scope.js';
import { checkCustomerDelete, checkCustomerWrite } from './rules.js';
import { serializeCustomer } from './serialize.js';
import { buildTree } from './tree.js';

const L = resource.labels;

/** 客户管理 (/manager/custom): the customer tree; a customer user sees and edits only its own subtree. */
export function customerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/manager/custom/tree',
    {
      config: { access: { menu: '/manager/custom', action: 'query' } },
      schema: { tags: [resource.title], summary: '公司树 (组织架构)', response: { 200: envelopeSchema(z.array(departmentNodeSchema)) } },
    },
    async (req) => {
      const rows = await db
        .select({ id: customer.id, parent_id: customer.parent_id, company_name: customer.company_name })
        .from(customer)
        .where(customerScope(req.user, customer.id))
        .orderBy(asc(customer.id));
      return ok(buildTree(rows));
    },
  );

  registerResource(app, deps, {
    path: resource.path,
    title: resource.title,
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
    checkWrite: checkCustomerWrite,
    checkDelete: checkCustomerDelete,
    sheet: [
      { key: 'company_name', title: L.company_name, width: 30 },
      { key: 'name', title: L.name, width: 16 },
      { key: 'uscc', title: L.uscc, width: 22 },
      { key: 'contact', title: L.contact },
      { key: 'phone', title: L.phone, width: 16 },
      { key: 'address', title: L.address, width: 40, value: (row) => (row.address as string).split('|')[0] },
      { key: 'remark', title: L.remark, width: 30 },
      { key: 'created_at', title: L.created_at, width: 20, value: (row) => chinaTime(row.created_at) },
    ],
  });
}

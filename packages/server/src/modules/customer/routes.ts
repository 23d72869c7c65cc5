import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerResource as resource, departmentNodeSchema, envelopeSchema } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { customer } from '../../db/schema.js';
import { ok } from '../../http/reply.js';
import { chinaTime } from '../../jobs/xlsx.js';
import { registerResource } from '../../http/resource/register.js';
import { customerScope } from '../../http/scope.js';
import { checkCustomerDelete, checkCustomerWrite } from './rules.js';
import { buildTree } from './tree.js';

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
    resource,
    table: customer,
    scope: 'id',
    keywords: ['company_name', 'name', 'contact', 'phone'],
    checkWrite: checkCustomerWrite,
    checkDelete: checkCustomerDelete,
    sheet: [
      { key: 'company_name', width: 30 },
      { key: 'name', width: 16 },
      { key: 'uscc', width: 22 },
      { key: 'contact' },
      { key: 'phone', width: 16 },
      { key: 'address', width: 40, value: (row) => (row.address as string).split('|')[0] },
      { key: 'remark', width: 30 },
      { key: 'created_at', width: 20, value: (row) => chinaTime(row.created_at) },
    ],
  });
}

import type { FastifyInstance } from 'fastify';
import { customerSchema, customerUpdateSchema, customerWriteSchema } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { customer } from '../../db/schema.js';
import { registerResource } from '../../http/resource.js';
import { MSG } from './messages.js';
import { checkCustomerDelete, checkCustomerWrite } from './rules.js';
import { serializeCustomer } from './serialize.js';

/** 客户管理 (/manager/custom): the customer tree; a customer user sees and edits only its own subtree. */
export function customerRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, {
    path: '/manager/custom',
    title: MSG.title,
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
  });
}

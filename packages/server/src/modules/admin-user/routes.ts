import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserResource as resource,
  companyOptionSchema,
  ENABLED_OPTIONS,
  envelopeSchema,
  idFilterSchema,
  optionLabel,
  roleOptionSchema,
} from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { adminUser, role } from '../../db/schema.js';
import { companyOptions } from '../../http/company-options.js';
import { ok } from '../../http/reply.js';
import { registerResource } from '../../http/resource/register.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { adminUserRules, customersRefusal, isCustomerCompany } from './rules.js';
import { decorateUsers } from './decorate.js';

const PATH = resource.path;
const query = { menu: PATH, action: 'query' } as const;

/** 管理员 (/system/admin_user): users, their company and roles; a customer's administrator manages its own subtree. */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    `${PATH}/roles`,
    {
      config: { access: query },
      schema: {
        tags: [resource.title],
        summary: '可授予的角色 (用户表单的角色选项); 给出 customer_id 时, 说明该公司的用户不能拥有哪些角色',
        querystring: z.object({ customer_id: idFilterSchema.optional() }),
        response: { 200: envelopeSchema(z.array(roleOptionSchema)) },
      },
    },
    async (req) => {
      const own = req.user.grants.superUser ? undefined : inArray(role.id, req.user.heldRoleIds.length ? req.user.heldRoleIds : [0]);
      const roles = await db.select({ id: role.id, name: role.name, parent_id: role.parent_id, menus: role.menus }).from(role).where(own).orderBy(asc(role.id));
      // the same verdict a write with this company gets (checkCustomersRoles)
      const customers = await isCustomerCompany(db, req.query.customer_id);
      return ok(roles.map(({ menus, ...r }) => ({ ...r, refusal: (customers && customersRefusal({ ...r, menus })) || null })));
    },
  );

  typed.get(
    `${PATH}/companies`,
    {
      config: { access: query },
      schema: {
        tags: [resource.title],
        summary: '可选的所属公司 (按名称搜索, 本公司及下级)',
        querystring: z.object({ keywords: z.string().trim().max(100).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: envelopeSchema(z.array(companyOptionSchema)) },
      },
    },
    async (req) => ok(await companyOptions(db, req.user, req.query.keywords, req.query.limit)),
  );

  registerResource(app, deps, {
    resource,
    table: adminUser,
    columns: { role_id: adminUser.roles },
    scope: 'customer_id',
    keywords: ['username', 'name', 'phone', 'email'],
    decorate: decorateUsers,
    sheet: [
      { key: 'username', width: 16 },
      { key: 'name', width: 12 },
      { key: 'company_name', width: 24 },
      { key: 'roles', width: 24, value: (row) => row.roles.map((r) => r.name).join('、') },
      { key: 'phone', width: 16 },
      { key: 'email', width: 24 },
      { key: 'enabled', value: (row) => optionLabel(ENABLED_OPTIONS, row.enabled) },
      { key: 'last_login_at', width: 20, value: (row) => zoneTime(row.last_login_at) },
      { key: 'created_at', width: 20, value: (row) => zoneTime(row.created_at) },
    ],
    ...adminUserRules({ superUser: deps.config.superUser, clock: deps.clock }),
  });
}

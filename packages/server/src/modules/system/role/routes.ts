import type { FastifyInstance } from 'fastify';
import { roleResource as resource, roleSchema, roleUpdateSchema, roleWriteSchema } from '@gw/contracts';
import type { AppDeps } from '../../../app-deps.js';
import { role } from '../../../db/schema.js';
import { registerResource } from '../../../http/resource/register.js';
import { roleRules } from './rules.js';
import { decorateRoles, serializeRole } from './serialize.js';

/**
 * 角色管理 (/system/role): a tree of roles and their menu grants. Grants take effect on the holders' next
 * request (sessions read the roles each time), so the console sees them at its next user-info load.
 */
export function roleRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    path: resource.path,
    title: resource.title,
    table: role,
    id: role.id,
    createdAt: role.created_at,
    keywords: [role.name, role.description],
    sortable: { id: role.id, name: role.name, created_at: role.created_at },
    item: roleSchema,
    create: roleWriteSchema,
    update: roleUpdateSchema,
    decorate: decorateRoles,
    serialize: serializeRole,
    ...roleRules,
  });
}

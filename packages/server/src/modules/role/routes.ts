import type { FastifyInstance } from 'fastify';
import { roleResource as resource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { adminUser, role } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { roleRules } from './rules.js';
import { decorateRoles } from './decorate.js';
import { menuRoutes } from './menu/routes.js';

/**
 * 角色管理 (/system/role): a tree of roles and their menu grants. Grants take effect on the holders' next
 * request (sessions read the roles each time), so the console sees them at its next user-info load.
 */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    resource,
    table: role,
    keywords: ['name', 'description'],
    decorate: decorateRoles,
    tree: { label: 'name', dependants: [{ table: adminUser, column: adminUser.roles, name: '个用户' }] },
    ...roleRules,
  });
  menuRoutes(app);
}

import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { adminUserRoutes } from './admin-user/routes.js';
import { configRoutes } from './config/routes.js';
import { loginLogRoutes } from './login-log/routes.js';
import { menuRoutes } from './menu/routes.js';
import { operationLogRoutes } from './operation-log/routes.js';
import { roleRoutes } from './role/routes.js';

/** 系统管理: admin users, roles and menus, config, operation log, login log. */
export function systemRoutes(app: FastifyInstance, deps: AppDeps): void {
  adminUserRoutes(app, deps);
  roleRoutes(app, deps);
  menuRoutes(app, deps);
  configRoutes(app, deps);
  operationLogRoutes(app, deps);
  loginLogRoutes(app, deps);
}

import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';

/** 系统管理: admin users, roles and menus, config, operation log, login log. */
export function systemRoutes(_app: FastifyInstance, _deps: AppDeps): void {}

import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';

export function flasherRoutes(_app: FastifyInstance, _deps: AppDeps): void {}

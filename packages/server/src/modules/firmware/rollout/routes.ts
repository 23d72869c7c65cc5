import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';

export function rolloutRoutes(_app: FastifyInstance, _deps: AppDeps): void {}

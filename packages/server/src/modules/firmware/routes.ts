import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { AppDeps } from '../../app-deps.js';
import { flasherRoutes } from './flasher/routes.js';
import { rolloutRoutes } from './rollout/routes.js';
import { versionRoutes } from './version/routes.js';

/** The vendor's firmware tools: 版本管理 (releases), their rollouts to boxes, and 刷机助手 (provisioning batches). */
export function firmwareRoutes(app: FastifyInstance, deps: AppDeps, metrics: Registry): void {
  versionRoutes(app, deps, metrics);
  rolloutRoutes(app, deps);
  flasherRoutes(app, deps);
}

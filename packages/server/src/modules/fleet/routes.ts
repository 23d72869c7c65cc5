import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { deviceRoutes } from './device/routes.js';
import { deviceFlowRoutes } from './flow/routes.js';
import { goodsRoutes } from './goods/routes.js';
import { machineRealtimeRoutes } from './machine-tool/realtime.js';
import { machineToolRoutes } from './machine-tool/routes.js';
import { tagRoutes } from './tag/routes.js';
import { trafficRoutes } from './traffic/routes.js';

/** The fleet: device types, boxes, their machine tools and tags, and the ledger of their movements. */
export async function fleetRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  goodsRoutes(app, deps);
  await deviceRoutes(app, deps);
  machineToolRoutes(app, deps);
  machineRealtimeRoutes(app, deps.db);
  tagRoutes(app, deps);
  deviceFlowRoutes(app, deps);
  trafficRoutes(app, deps);
}

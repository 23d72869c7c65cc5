import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { buyOrderRoutes } from './buy.js';
import { sellOrderRoutes } from './sell.js';

/** 进货管理 and 出货管理: the orders that bring boxes into stock and send them to customers. */
export default async function routes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await buyOrderRoutes(app, deps);
  sellOrderRoutes(app, deps);
}

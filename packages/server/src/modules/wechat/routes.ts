import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { bindRoutes } from './bind.js';
import { callbackRoutes } from './callback.js';

/** The user's WeChat binding (under the API prefix). */
export function wechatRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindRoutes(app, deps);
}

/** The official account's message callback at its full public path (outside the API prefix). */
export function wechatCallbackRoutes(app: FastifyInstance, deps: AppDeps): void {
  callbackRoutes(app, deps);
}

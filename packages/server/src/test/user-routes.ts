import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.js';
import { registerErrorHandler } from '../http/error-handler.js';
import { API_PREFIX, registerGuard } from '../http/guard.js';
import { strictBodyValidator } from '../http/validator.js';
import { userRoutes } from '../modules/user/routes.js';
import type { TestApp } from './harness.js';

/**
 * The user routes (login, logout, /user/info…) behind the guard, with the app's validator and error envelope, on
 * a bare Fastify: what a session or login setting changes, tested without building a whole app for it. `deps` are
 * usually a whole test app's with that setting changed (its config, or Sessions of their own).
 */
export async function userRoutesAlone(deps: AppDeps): Promise<Pick<TestApp, 'app' | 'api'>> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(strictBodyValidator);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerGuard(app, deps.sessions, deps.db);
  await app.register(userRoutes, { prefix: API_PREFIX, ...deps });
  await app.ready();
  const api: TestApp['api'] = (method, url, opts = {}) =>
    app.inject({
      method,
      url: `${API_PREFIX}${url}`,
      headers: { ...(opts.token ? { token: opts.token } : {}), ...opts.headers },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
  return { app, api };
}

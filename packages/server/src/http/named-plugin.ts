import type { FastifyPluginAsync } from 'fastify';

/**
 * A plugin that carries its name. Fastify names every plugin it registers (in its plugin tree and in a plugin's
 * timeout error); for one without a name of its own it searches every loaded CommonJS module for it, a walk that
 * grows with each package loaded and ran at every registration of every start.
 */
export function namedPlugin(name: string, plugin: FastifyPluginAsync): FastifyPluginAsync;
export function namedPlugin<T extends object>(name: string, plugin: T): T;
export function namedPlugin(name: string, plugin: object): object {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, menuNodeSchema, menuTree } from '@gw/contracts';
import { ok } from '../../../http/reply.js';
import { MSG } from './messages.js';

const ROLE = '/system/role';

/**
 * The console's menu tree for the role permission dialog. It is the contracts' menu table, the one the console's
 * routes and the server's modules are made from, so it is always the current one: nothing to register first.
 */
export function menuRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tree = envelopeSchema(z.array(menuNodeSchema));
  const menus = menuTree();

  typed.get(
    `${ROLE}/menus`,
    {
      config: { access: { menu: ROLE, action: 'query' } },
      schema: { tags: MSG.tags, summary: '菜单树 (权限设置)', response: { 200: tree } },
    },
    async () => ok(menus),
  );
}

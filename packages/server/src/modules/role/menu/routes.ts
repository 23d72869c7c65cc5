import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, menuNodeSchema, syncMenuSchema } from '@gw/contracts';
import type { AppDeps } from '../../../app-deps.js';
import { menu } from '../../../db/schema.js';
import { ok } from '../../../http/reply.js';
import { requireVendorScope } from '../../../http/scope.js';
import { MSG } from './messages.js';
import { buildMenuTree, checkMenuTree } from './tree.js';

const ROLE = '/system/role';
const columns = { path: menu.path, title: menu.title, parent: menu.parent, icon: menu.icon, sort: menu.sort, hidden: menu.hidden };

/**
 * The console's menu tree for the role permission dialog: GET lists it, 同步菜单 (POST sync_menu) replaces it
 * with the route tree the console registers, so new screens appear in the dialog.
 */
export function menuRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tree = envelopeSchema(z.array(menuNodeSchema));

  typed.get(
    `${ROLE}/menus`,
    {
      config: { access: { menu: ROLE, action: 'query' } },
      schema: { tags: MSG.tags, summary: '菜单树 (权限设置)', response: { 200: tree } },
    },
    async () => ok(buildMenuTree(await db.select(columns).from(menu).orderBy(asc(menu.sort), asc(menu.path)))),
  );

  typed.post(
    `${ROLE}/sync_menu`,
    {
      config: { access: { menu: ROLE, action: 'edit' } },
      schema: { tags: MSG.tags, summary: '同步菜单 (以控制台的路由树替换菜单树)', body: syncMenuSchema, response: { 200: tree } },
    },
    async (req) => {
      requireVendorScope(req, MSG.vendorOnly);
      const { menus } = req.body;
      checkMenuTree(menus);
      await req.tx(async (tx) => {
        // two syncs at once take turns rather than collide on the paths
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('menu_tree'))`);
        await tx.delete(menu);
        await tx.insert(menu).values(menus);
      });
      return ok(buildMenuTree(menus), MSG.synced(menus.length));
    },
  );
}

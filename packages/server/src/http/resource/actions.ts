import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, idParamSchema, idSchema, own } from '@gw/contracts';
import { z } from 'zod';
import type { ActionDeclaration, ActionHandler, ResourceDef } from './types.js';
import { lockRows } from './writes.js';

/** Paths the machine itself answers under {path}/…: an action of one of these names would shadow it. */
const RESERVED = new Set(['export', 'import', 'tree']);

const idsSchema = z.array(idSchema).min(1, '请选择要操作的记录').max(1000, '一次最多操作 1000 条');

/**
 * The descriptor's declared actions: `POST {path}/{id}/{name}` for one row, `POST {path}/{name}` with
 * `{ids, ...body}` for a selection. Each is guarded by its own permission bit on the resource's menu, loads its
 * rows within the caller's scope and the base condition (locked; one missing or foreign id answers 404 for the
 * whole call), runs its handler in the request's transaction, so the audit trigger records what it changes,
 * and is documented in OpenAPI. A descriptor action without a handler, or a handler without one, stops the start.
 */
export function registerActions(
  fastify: FastifyInstance,
  def: ResourceDef,
  declared: Readonly<Record<string, ActionHandler | ActionDeclaration>> | undefined,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actions = def.actions;
  for (const name of Object.keys(declared ?? {})) {
    if (!own(actions, name)) throw new Error(`${def.path}: 动作 ${name} 没有在描述的 actions 中声明`);
  }
  for (const [name, action] of Object.entries(actions)) {
    const given = declared && own(declared, name);
    if (!given) throw new Error(`${def.path}: 描述声明了动作 ${name},服务端没有给出处理函数`);
    if (RESERVED.has(name)) throw new Error(`${def.path}: 动作名 ${name} 与资源自带的路由冲突`);
    const { run, response }: ActionDeclaration = typeof given === 'function' ? { run: given } : given;
    const config = { access: { menu: def.menu, action: action.permission } };
    const schema = {
      tags: [def.title],
      summary: action.confirm ? `${action.title} (${action.confirm})` : action.title,
      response: { 200: envelopeSchema(response ?? z.unknown()) },
    };

    if (action.target === 'row') {
      app.post(
        `${def.path}/:id/${name}`,
        { config, schema: { ...schema, params: idParamSchema, ...(action.body ? { body: action.body } : {}) } },
        async (req) =>
          req.tx(async (tx) => run(req, await lockRows(def, req, tx, [req.params.id]), (req.body ?? {}) as Record<string, unknown>, tx)),
      );
    } else {
      const body = (action.body ?? z.object({})).extend({ ids: idsSchema });
      app.post(`${def.path}/${name}`, { config, schema: { ...schema, body } }, async (req) => {
        const { ids, ...rest } = req.body as { ids: number[] } & Record<string, unknown>;
        return req.tx(async (tx) => run(req, await lockRows(def, req, tx, ids), rest, tx));
      });
    }
  }
}

import { type SQL, and, asc, count, eq, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type DepartmentNode, departmentNodeSchema, envelopeSchema, idParamSchema, idSchema, treeMenus } from '@gw/contracts';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { forest } from '../../lib/tree.js';
import { refused } from '../errors.js';
import { ok } from '../reply.js';
import { rowsWhere } from './list-query.js';
import type { ResourceDeclaration, ResourceDef, Row, TreeDef } from './types.js';
import { lockRows } from './writes.js';

/** What the tree tells a user whose move or delete it refuses; `node` is what one node is called (公司, 角色). */
export const TREE_MSG = {
  topLevel: (node: string) => `只能在本公司下创建或移动下级${node}`,
  parentMissing: (node: string) => `上级${node}不存在`,
  parentBelowSelf: (node: string) => `上级${node}不能是自己或自己的下级`,
  children: (n: number, node: string) => `${n} 个下级${node}`,
  stillHas: (node: string, what: string[]) => `该${node}下还有 ${what.join('、')},不能删除`,
} as const;

/** Resolves a declaration's `tree` (column names) against its table; the descriptor and the declaration must agree. */
export function compileTree(declared: ResourceDeclaration, columnOf: (name: string, role: string) => AnyPgColumn): TreeDef | undefined {
  const { resource, tree } = declared;
  if (!resource.tree && !tree) return undefined;
  if (!resource.tree || !tree) throw new Error(`${resource.path}: 树形资源 (tree) 需要在描述和服务端声明中同时给出`);
  return {
    parent: columnOf(tree.parent ?? 'parent_id', '上级'),
    parentKey: tree.parent ?? 'parent_id',
    label: columnOf(tree.label, '树节点名称'),
    lock: tree.lock ?? `${getTableName(declared.table)}_tree`,
    node: tree.node ?? resource.title,
    dependants: tree.dependants ?? [],
    menus: treeMenus(resource),
  };
}

/**
 * Moves and deletes of a tree take turns until their transaction ends: two concurrent moves could otherwise
 * each pass the cycle check (A under B, B under A), and a delete could miss a child being created below it.
 */
const lockTree = (tx: Tx, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);

/** The ids of a node and every node below it; UNION stops on a cycle already in the data. */
const subtreeOf = (def: ResourceDef, tree: TreeDef, id: unknown): SQL =>
  sql`with recursive sub(id) as (select ${id}::integer union select ${def.id} from ${def.table} join sub on ${tree.parent} = sub.id) select id from sub`;

/**
 * A new or moved node must hang below a node the caller can see, never below itself or its own descendants;
 * in a resource with a data scope only those who see everything may put a node at the top.
 */
export async function checkMove(def: ResourceDef, tree: TreeDef, req: FastifyRequest, values: Row, current: Row | null, tx: Tx): Promise<void> {
  if (current && (!Object.hasOwn(values, tree.parentKey) || values[tree.parentKey] === current[tree.parentKey])) return;
  const parentId = values[tree.parentKey] as number | null | undefined;
  await lockTree(tx, tree.lock);
  if (parentId == null) {
    if (def.scopeColumn && req.user.scope !== 'all') throw refused(TREE_MSG.topLevel(tree.node));
    return;
  }
  const [parent] = await tx
    .select({ id: def.id })
    .from(def.table)
    .where(and(eq(def.id, parentId), rowsWhere(def, req)));
  if (!parent) throw refused(TREE_MSG.parentMissing(tree.node));
  if (!current) return;
  const [loop] = await tx
    .select({ id: def.id })
    .from(def.table)
    .where(and(eq(def.id, parentId), sql`${def.id} in (${subtreeOf(def, tree, current[def.id.name])})`));
  if (loop) throw refused(TREE_MSG.parentBelowSelf(tree.node));
}

/** A node goes only when nothing hangs on it: the message names what is left (3 台设备、2 个用户、1 个下级公司). */
export async function checkRemovable(def: ResourceDef, tree: TreeDef, current: Row, tx: Tx): Promise<void> {
  const id = current[def.id.name];
  await lockTree(tx, tree.lock);
  const left: string[] = [];
  for (const dependant of tree.dependants) {
    // an array column (a user's roles) holds the id; any other column is it
    const holds = dependant.column.getSQLType().endsWith('[]') ? sql`${id} = any(${dependant.column})` : eq(dependant.column, id);
    const [{ n }] = await tx.select({ n: count() }).from(dependant.table).where(holds);
    if (n) left.push(`${n} ${dependant.name}`);
  }
  const [{ n: children }] = await tx.select({ n: count() }).from(def.table).where(eq(tree.parent, id));
  if (children) left.push(TREE_MSG.children(children, tree.node));
  if (left.length) throw refused(TREE_MSG.stillHas(tree.node, left));
}

/**
 * GET {path}/tree: the nodes the caller may see as a forest, rooted at the highest of them; POST {path}/{id}/move
 * `{parent_id}`: a node below another (null: to the top), checked like any write of the parent and audited. Both
 * answer to the resource's menu and to the pages that draw its tree (组织架构 for the companies).
 */
export function registerTree(fastify: FastifyInstance, db: Db, def: ResourceDef): void {
  const tree = def.tree;
  if (!tree) return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [def.title];
  app.get(
    `${def.path}/tree`,
    {
      config: { access: { menu: tree.menus, action: 'query' } },
      schema: { tags, summary: `${def.title}树`, response: { 200: envelopeSchema(z.array(departmentNodeSchema)) } },
    },
    async (req) => {
      const rows = await db
        .select({ id: def.id, parent: tree.parent, label: tree.label })
        .from(def.table)
        .where(rowsWhere(def, req))
        .orderBy(asc(def.id));
      const items = rows.map((r) => ({ key: r.id as number, parent: r.parent as number | null, node: { id: r.id as number, label: String(r.label) } }));
      return ok(forest<number, DepartmentNode>(items));
    },
  );

  const moved = z.object({ id: z.number(), parent_id: z.number().nullable() });
  app.post(
    `${def.path}/:id/move`,
    {
      config: { access: { menu: tree.menus, action: 'edit' } },
      schema: {
        tags,
        summary: `移动${def.title}`,
        description: `把${tree.node}移到另一${tree.node}之下 (parent_id 为 null: 移到顶层)。不能移到自己或自己的下级之下,也不能移到看不到的${tree.node}之下。`,
        params: idParamSchema,
        body: z.strictObject({ parent_id: idSchema.nullable() }),
        response: { 200: envelopeSchema(moved) },
      },
    },
    async (req) => {
      const parent = req.body.parent_id;
      await req.tx(async (tx) => {
        const [current] = await lockRows(def, req, tx, [req.params.id]);
        const values = { [tree.parentKey]: parent };
        await def.checkWrite?.(req, values, current, tx);
        if (current[tree.parentKey] === parent) return;
        const [updated] = await tx.update(def.table).set(values).where(eq(def.id, req.params.id)).returning();
        await def.afterWrite?.(req, updated, current, tx);
      });
      return ok({ id: req.params.id, parent_id: parent }, '移动成功');
    },
  );
}

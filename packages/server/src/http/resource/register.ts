import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ItemOf, ResourceDescriptor } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { registerActions } from './actions.js';
import { compileResource } from './compile.js';
import { registerReads } from './reads.js';
import { registerTransfer } from './transfer.js';
import { registerTree } from './tree.js';
import type { ResourceDeclaration, ResourceDef, Stored } from './types.js';
import { registerWrites } from './writes.js';

/**
 * The resource machine: from a descriptor (contracts) and its server declaration, the list with paging (and the tree of a tree),
 * keywords, date range, filters and sort; get; create; update; delete and bulk delete; declared actions; export and import —
 * each guarded by the menu/action bit, limited to the caller's customer scope and the resource's base
 * condition, audited by the row trigger and documented in OpenAPI. Returns the compiled resource for routes of
 * the module's own. The declaration's hooks are typed from its `table` and `resource`, both inferred here.
 */
export function registerResource<TTable extends PgTable, D extends ResourceDescriptor, Decorated = Stored<TTable>>(
  app: FastifyInstance,
  deps: AppDeps,
  declared: ResourceDeclaration<TTable, D, Decorated>,
): ResourceDef<TTable, ItemOf<D>> {
  const def = compileResource(declared);
  registerTree(app, deps.db, def);
  registerReads(app, deps.db, def, deps.counts);
  registerWrites(app, def);
  registerActions(app, def, declared.actions);
  registerTransfer(app, deps, def);
  return def;
}

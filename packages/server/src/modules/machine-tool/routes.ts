import type { FastifyInstance, RouteOptions } from 'fastify';
import { MACHINE_PATH, machineToolResource as resource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { machineTool } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { namedPlugin } from '../../http/named-plugin.js';
import { licensedEnableResponses } from '../license/enforce.js';
import { syncTunnelsAfterResponse } from '../../mqtt/tunnel/after-response.js';
import { machineAlarmRoutes } from './alarms.js';
import { machineDashboardRoutes } from './dashboard.js';
import { machineHistoryRoutes } from './history.js';
import { machineOeeRoutes } from './oee.js';
import { machineRealtimeRoutes } from './realtime.js';
import { checkMachineWrite, machineScope, newMachineColumns, withNetwork } from './rules.js';

/** The writes that may enable a machine tool, and so may answer the licence's 403 and 409. */
const ENABLING_WRITES = new Set([`POST ${MACHINE_PATH}`, `PUT ${MACHINE_PATH}/:id`]);

/** Documents the licence answers on the writes that enable (the 200 stays the resource machine's). */
function documentLicenceAnswers(route: RouteOptions & { routePath: string }): void {
  if (!ENABLING_WRITES.has(`${String(route.method)} ${route.routePath}`)) return;
  route.schema = { ...route.schema, response: { ...(route.schema?.response as object), ...licensedEnableResponses } };
}

/**
 * 机床 (/device/machine, permissions on /device/machinetool): the machine tools behind a box, seen through the
 * box's owner; each takes the next free address of its box's /24, and is enabled within the box's licence.
 */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  void app.register(namedPlugin('machine-tool resource', async (scope) => {
    scope.addHook('onRoute', documentLicenceAnswers);
    const syncTunnels = syncTunnelsAfterResponse(scope, deps);
    registerResource(scope, deps, {
      resource,
      table: machineTool,
      keywords: ['code', 'name', 'model'],
      baseWhere: machineScope,
      checkWrite: checkMachineWrite,
      toColumns: (values, req, tx) => (values.device_id === undefined ? values : newMachineColumns(req, values, values.device_id, tx)),
      decorate: async (rows) => rows.map(withNetwork),
      // a machine tool's address and 本地IP are its box's NAT: the box's tunnel is looked at after the answer
      afterWrite: async (req, row, current) => syncTunnels(req, current && current.device_id !== row.device_id ? [row.device_id, current.device_id] : [row.device_id]),
      afterDelete: async (req, rows) => syncTunnels(req, rows.map((r) => r.device_id)),
    });
  }));
  machineDashboardRoutes(app, deps);
  machineHistoryRoutes(app, deps);
  machineAlarmRoutes(app, deps);
  machineOeeRoutes(app, deps);
  machineRealtimeRoutes(app, deps);
}

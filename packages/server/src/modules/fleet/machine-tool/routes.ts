import type { FastifyInstance } from 'fastify';
import { machineToolResource as resource } from '@gw/contracts';
import type { AppDeps } from '../../../app-deps.js';
import { machineTool } from '../../../db/schema.js';
import { registerResource } from '../../../http/resource/register.js';
import { checkMachineWrite, machineScope, newMachineColumns, withNetwork } from './rules.js';

/**
 * 机床 (/device/machine, permissions on /device/machinetool): the machine tools behind a box, seen through the
 * box's owner; each takes the next free address of its box's /24.
 */
export function machineToolRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    resource,
    table: machineTool,
    keywords: ['code', 'name', 'model'],
    baseWhere: machineScope,
    checkWrite: checkMachineWrite,
    toColumns: (values, req, tx) => (values.device_id === undefined ? values : newMachineColumns(req, values, tx)),
    decorate: async (rows) => rows.map(withNetwork),
  });
}

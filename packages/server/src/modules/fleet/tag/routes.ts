import type { FastifyInstance } from 'fastify';
import { deviceTagResource as resource } from '@gw/contracts';
import type { AppDeps } from '../../../app-deps.js';
import { deviceTag } from '../../../db/schema.js';
import { registerResource } from '../../../http/resource/register.js';
import { withCompanyNames } from '../../../http/resource/company-names.js';
import { checkTagWrite, tagColumns, withDeviceCounts } from './rules.js';

/** 设备标签 (/manager/tag): a company's own tags; deleting one leaves its boxes untagged. */
export function tagRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    resource,
    table: deviceTag,
    scope: 'customer_id',
    keywords: ['name'],
    checkWrite: checkTagWrite,
    toColumns: (values, req) => tagColumns(values, req, null),
    decorate: async (rows, ctx) => withDeviceCounts(await withCompanyNames(rows, ctx), ctx),
  });
}

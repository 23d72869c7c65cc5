import type { FastifyInstance } from 'fastify';
import { deviceTagResource as resource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { deviceTag } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { withCompanyNames } from '../../http/resource/company-names.js';
import { checkTagWrite, newTagColumns, withDeviceCounts } from './rules.js';

/** 设备标签 (/manager/tag): a company's own tags; deleting one leaves its boxes untagged. */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    resource,
    table: deviceTag,
    scope: 'customer_id',
    keywords: ['name'],
    checkWrite: checkTagWrite,
    // a create (POST) gets its owner; an update keeps the stored one unless it names another
    toColumns: (values, req) => (req.method === 'POST' ? newTagColumns(values, req) : values),
    decorate: async (rows, ctx) => withDeviceCounts(await withCompanyNames(rows, ctx), ctx),
  });
}

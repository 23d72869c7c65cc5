import type { FastifyInstance } from 'fastify';
import { goodsResource as resource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { goods } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { checkGoodsDelete, checkGoodsWrite, withStock } from './rules.js';

/** 设备类型 (/manager/goods): the box products; stock figures are counted from the boxes. */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    resource,
    table: goods,
    keywords: ['name', 'code', 'spec'],
    checkWrite: checkGoodsWrite,
    checkDelete: checkGoodsDelete,
    decorate: withStock,
    sheet: [
      { key: 'name', width: 24 },
      { key: 'code', width: 16 },
      { key: 'spec', width: 24 },
      { key: 'price', width: 12 },
      { key: 'description', width: 40 },
      { key: 'enabled', value: (row) => (row.enabled ? '启用' : '停用') },
      { key: 'in_stock' },
      { key: 'shipped' },
      { key: 'total' },
      { key: 'created_at', width: 20, value: (row) => zoneTime(row.created_at) },
    ],
  });
}

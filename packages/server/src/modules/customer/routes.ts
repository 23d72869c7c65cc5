import type { FastifyInstance } from 'fastify';
import { customerResource as resource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { adminUser, customer, device, deviceTag } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { withCounts } from './decorate.js';
import { checkCustomerDelete } from './rules.js';

/**
 * 客户管理 (/manager/custom): the customer tree; a customer user sees and edits only its own subtree, and puts
 * new companies below its own.
 */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    resource,
    table: customer,
    scope: 'id',
    keywords: ['company_name', 'name', 'contact', 'phone'],
    // GET /manager/custom/tree is the organisation tree and POST /manager/custom/{id}/move its drag to re-parent,
    // open to 组织架构 as to 客户管理 (the descriptor names the page)
    tree: {
      label: 'company_name',
      node: '公司',
      dependants: [
        { table: device, column: device.customer_id, name: '台设备' },
        { table: adminUser, column: adminUser.customer_id, name: '个用户' },
        { table: deviceTag, column: deviceTag.customer_id, name: '个标签' },
      ],
    },
    columns: { subtree: customer.id },
    decorate: withCounts,
    checkDelete: checkCustomerDelete,
    sheet: [
      { key: 'company_name', width: 30 },
      { key: 'name', width: 16 },
      { key: 'uscc', width: 22 },
      { key: 'contact' },
      { key: 'phone', width: 16 },
      { key: 'address', width: 40, value: (row) => row.address.split('|')[0] },
      { key: 'remark', width: 30 },
      { key: 'created_at', width: 20, value: (row) => zoneTime(row.created_at) },
    ],
  });
}

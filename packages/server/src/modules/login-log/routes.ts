import type { FastifyInstance } from 'fastify';
import { LOGIN_REASON_TITLES, LOGIN_RESULT_OPTIONS, loginLogResource as resource, optionLabel } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { loginLog } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { withCompanyNames } from '../../http/resource/company-names.js';

/** 登录日志 (/system/login_log): every login attempt, read-only; a customer sees its own subtree's attempts. */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    resource,
    table: loginLog,
    scope: 'customer_id',
    keywords: ['username', 'ip'],
    decorate: withCompanyNames,
    sheet: [
      { key: 'created_at', width: 20, value: (row) => zoneTime(row.created_at) },
      { key: 'company_name', width: 24 },
      { key: 'username', width: 16 },
      { key: 'ip', width: 16 },
      { key: 'user_agent', width: 50 },
      { key: 'success', value: (row) => optionLabel(LOGIN_RESULT_OPTIONS, row.success) },
      { key: 'reason', value: (row) => LOGIN_REASON_TITLES[row.reason] ?? row.reason },
    ],
  });
}

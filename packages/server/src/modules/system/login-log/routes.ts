import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOGIN_REASON_TITLES, LOGIN_RESULT_OPTIONS, booleanParamSchema, loginLogResource as resource, loginLogSchema, optionLabel } from '@gw/contracts';
import type { AppDeps } from '../../../app-deps.js';
import { loginLog } from '../../../db/schema.js';
import { registerResource } from '../../../http/resource/register.js';
import { chinaTime } from '../../../jobs/xlsx.js';
import { withCompanyNames } from '../shared.js';
import { serializeLoginLog } from './serialize.js';

const L = resource.labels;

/** 登录日志 (/system/login_log): every login attempt, read-only; a customer sees its own subtree's attempts. */
export function loginLogRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    path: resource.path,
    title: resource.title,
    table: loginLog,
    id: loginLog.id,
    createdAt: loginLog.created_at,
    scopeColumn: loginLog.customer_id,
    keywords: [loginLog.username, loginLog.ip],
    sortable: { id: loginLog.id, created_at: loginLog.created_at, username: loginLog.username },
    filters: {
      success: { column: loginLog.success, schema: booleanParamSchema },
      username: { column: loginLog.username, schema: z.string().trim().max(64), op: 'ilike' },
    },
    item: loginLogSchema,
    decorate: withCompanyNames,
    serialize: serializeLoginLog,
    sheet: [
      { key: 'created_at', title: L.created_at, width: 20, value: (row) => chinaTime(row.created_at) },
      { key: 'company_name', title: L.company_name, width: 24 },
      { key: 'username', title: L.username, width: 16 },
      { key: 'ip', title: L.ip, width: 16 },
      { key: 'user_agent', title: L.user_agent, width: 50 },
      { key: 'success', title: L.success, value: (row) => optionLabel(LOGIN_RESULT_OPTIONS, row.success as boolean) },
      { key: 'reason', title: L.reason, value: (row) => LOGIN_REASON_TITLES[row.reason as string] ?? String(row.reason) },
    ],
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOGIN_REASON_TITLES, booleanParamSchema, loginLogSchema } from '@gw/contracts';
import type { AppDeps } from '../../../app-deps.js';
import { loginLog } from '../../../db/schema.js';
import { registerResource } from '../../../http/resource/register.js';
import { chinaTime } from '../../../jobs/xlsx.js';
import { withCompanyNames } from '../shared.js';
import { MSG } from './messages.js';
import { serializeLoginLog } from './serialize.js';

/** 登录日志 (/system/login_log): every login attempt, read-only; a customer sees its own subtree's attempts. */
export function loginLogRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    path: '/system/login_log',
    title: MSG.title,
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
      { key: 'created_at', title: '时间', width: 20, value: (row) => chinaTime(row.created_at) },
      { key: 'company_name', title: '公司', width: 24 },
      { key: 'username', title: '用户名', width: 16 },
      { key: 'ip', title: 'IP', width: 16 },
      { key: 'user_agent', title: '浏览器', width: 50 },
      { key: 'success', title: '结果', value: (row) => (row.success ? MSG.success : MSG.failure) },
      { key: 'reason', title: '原因', value: (row) => LOGIN_REASON_TITLES[row.reason as string] ?? String(row.reason) },
    ],
  });
}

import { z } from 'zod';
import { booleanParamSchema } from './api.js';
import { defineResource, yesNoOptions } from './resource.js';
import { menuPath } from './menus.js';

/** Why a login attempt ended as it did. */
export const LOGIN_REASON_TITLES: Record<string, string> = {
  ok: '登录成功',
  password: '密码错误',
  captcha: '验证码错误',
  locked: '账号已锁定',
  disabled: '账号已禁用',
};

export const loginLogSchema = z.object({
  id: z.number(),
  customer_id: z.number().nullable(),
  company_name: z.string().nullable(),
  user_id: z.number().nullable(),
  username: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  success: z.boolean(),
  reason: z.string(),
  created_at: z.string(),
});
export type LoginLog = z.infer<typeof loginLogSchema>;

export const LOGIN_RESULT_OPTIONS = yesNoOptions('成功', '失败');

/** 登录日志 (/system/login_log): every login attempt, read-only; a customer sees its own subtree's attempts. */
export const loginLogResource = defineResource({
  path: menuPath('login-log'),
  title: '登录日志',
  item: loginLogSchema,
  labels: {
    id: 'ID',
    customer_id: '公司',
    company_name: '公司',
    user_id: '用户 ID',
    username: '用户',
    ip: 'IP',
    user_agent: '浏览器与系统',
    success: '结果',
    reason: '原因',
    created_at: '时间',
  },
  sortable: ['id', 'created_at', 'username'],
  defaultSort: '-created_at',
  dateField: 'created_at',
  keywordsHint: '用户、IP',
  filters: {
    success: { label: '结果', schema: booleanParamSchema, input: { type: 'select', options: LOGIN_RESULT_OPTIONS } },
    username: { label: '用户', schema: z.string().trim().max(64), op: 'ilike' },
  },
  exportable: true,
});

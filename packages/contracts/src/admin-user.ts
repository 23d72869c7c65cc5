import { z } from 'zod';
import { idSchema } from './api.js';
import { roleRefSchema } from './auth.js';

export const usernameSchema = z
  .string()
  .trim()
  .min(1, '请输入用户名')
  .max(64)
  .regex(/^[A-Za-z0-9_.@-]+$/, '用户名只能包含字母、数字和 _ . @ -');

/** Set on create, optional on update (a reset); never returned. */
export const newPasswordSchema = z.string().min(6, '密码至少 6 位').max(128);

const phoneSchema = z.string().trim().max(32).regex(/^[0-9+\-() ]*$/, '手机号格式不正确');
const emailSchema = z.union([z.literal(''), z.string().trim().email('邮箱格式不正确').max(128)]);

const adminUserFields = {
  username: usernameSchema,
  name: z.string().trim().max(64).optional(),
  phone: phoneSchema.optional(),
  email: emailSchema.optional(),
  avatar: z.string().trim().max(500).optional(),
  /** The company (a customer); decides whose data the user sees when it is a customer user. */
  customer_id: idSchema.nullable().optional(),
  roles: z.array(idSchema).max(50).optional(),
  enabled: z.boolean().optional(),
};

/** 管理员 as the add form writes it: ids for company and roles, the first password. */
export const adminUserCreateSchema = z.object({ ...adminUserFields, password: newPasswordSchema });
export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>;

/** Every field optional; a `password` here resets it. */
export const adminUserUpdateSchema = z.object(adminUserFields).partial().extend({ password: newPasswordSchema.optional() });
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

/** 管理员 as lists and details show it: names of the company and the roles, never the password. */
export const adminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  avatar: z.string(),
  customer_id: z.number().nullable(),
  company_name: z.string().nullable(),
  roles: z.array(roleRefSchema),
  enabled: z.boolean(),
  wx_openid: z.string(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** An option of the company RemoteSelect of the user form. */
export const companyOptionSchema = z.object({ id: z.number(), company_name: z.string() });
export type CompanyOption = z.infer<typeof companyOptionSchema>;

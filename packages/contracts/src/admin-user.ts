import { z } from 'zod';
import { booleanParamSchema, idFilterSchema, idSchema } from './api.js';
import { defineResource, yesNoOptions } from './resource.js';
import { roleRefSchema } from './auth.js';
import { menuPath } from './menus.js';

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

/** 状态 as the list, its filter and the sheet spell it. */
export const ENABLED_OPTIONS = yesNoOptions('启用', '禁用');

/** 管理员 (/system/admin_user): users, their company and roles; exported, never imported (no passwords). */
export const adminUserResource = defineResource({
  path: menuPath('admin-user'),
  title: '管理员',
  // the form makes a user of any company (a factory's operator as well as the vendor's staff)
  formTitle: '用户',
  // the hash is what a password change writes
  audit: { table: 'admin_user', labels: { password_hash: '密码' } },
  item: adminUserSchema,
  create: adminUserCreateSchema,
  update: adminUserUpdateSchema,
  labels: {
    id: 'ID',
    username: '用户名',
    name: '姓名',
    password: '密码',
    phone: '手机号',
    email: '邮箱',
    avatar: '头像',
    customer_id: '所属公司',
    company_name: '所属公司',
    roles: '角色',
    enabled: '状态',
    wx_openid: '微信 OpenID',
    last_login_at: '最后登录',
    created_at: '创建时间',
    updated_at: '更新时间',
  },
  sortable: ['id', 'username', 'name', 'created_at', 'last_login_at'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '用户名、姓名、手机号、邮箱',
  filters: {
    customer_id: {
      label: '所属公司',
      schema: idFilterSchema,
      // the companies the caller may see, by name: the route applies the same scope as the list
      input: { type: 'remote', url: '/system/admin_user/companies', labelField: 'company_name', limit: 100 },
    },
    role_id: { label: '角色', schema: idFilterSchema, op: 'has', input: { type: 'remote', url: '/system/admin_user/roles', labelField: 'name' } },
    enabled: { label: '状态', schema: booleanParamSchema, input: { type: 'select', options: ENABLED_OPTIONS } },
  },
  exportable: true,
  importable: false,
});

import { z } from 'zod';
import { idSchema } from './api.js';
import { roleMenuSchema } from './role-menu.js';

export const captchaSchema = z.object({ c_id: z.string(), svg: z.string() });

export const loginBodySchema = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64),
  password: z.string().min(1, '请输入密码').max(128),
  captcha: z.string().trim().max(16).default(''),
  c_id: z.string().max(64).default(''),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tokenSchema = z.object({ token: z.string() });

export const roleRefSchema = z.object({ id: z.number(), name: z.string() });

export const userInfoSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  email: z.string(),
  phone: z.string(),
  wx_openid: z.string(),
  /** Roles in force for this session (one after a role switch). */
  roles: z.array(roleRefSchema),
  /** Every role the user holds, for the role switcher. */
  all_roles: z.array(roleRefSchema),
  role_menu: z.array(roleMenuSchema),
  super_user: z.boolean(),
  /**
   * Whose data this session sees, as the server decides it: `all` for the super user and the vendor's staff
   * (every customer; they alone create boxes, assign them and write their identity), `own` for a customer's
   * users (their company's subtree).
   */
  scope: z.enum(['all', 'own']),
  customer_id: z.number().nullable(),
  custom: z.object({ id: z.number(), company_name: z.string(), name: z.string() }).nullable(),
  /** The platform's IANA time zone (TIME_ZONE): the console shows, takes and filters every time in it. */
  time_zone: z.string().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

const phone = z.string().trim().max(32).regex(/^[0-9+\-() ]*$/, '手机号格式不正确');

export const userInfoUpdateSchema = z
  .object({
    name: z.string().trim().min(1, '姓名不能为空').max(64),
    avatar: z.string().trim().max(500),
    email: z.union([z.literal(''), z.string().trim().email('邮箱格式不正确').max(128)]),
    phone,
    old_password: z.string().max(128),
    password: z.string().min(6, '新密码至少 6 位').max(128),
  })
  .partial()
  .refine((v) => !v.password || !!v.old_password, { message: '修改密码需要填写原密码', path: ['old_password'] });
export type UserInfoUpdate = z.infer<typeof userInfoUpdateSchema>;

export const switchRoleSchema = z.object({ role_id: idSchema });

import { z } from 'zod';
import { own } from './own.js';
import { MAX_ID } from './api.js';

const common = { id: 'ID', created_at: '创建时间', updated_at: '更新时间' };

/** Chinese labels of every audited column, by table: the 注释 column of the operation log's change table. */
export const FIELD_LABELS: Record<string, Record<string, string>> = {
  customer: {
    ...common,
    parent_id: '上级公司',
    company_name: '公司名称',
    name: '简称',
    uscc: '统一社会信用代码',
    bank: '开户银行',
    bankno: '银行账号',
    area_id: '所在地区',
    address: '地址',
    contact: '联系人',
    phone: '联系电话',
    remark: '备注',
    is_vendor: '平台运营方',
  },
  admin_user: {
    ...common,
    username: '用户名',
    name: '姓名',
    password_hash: '密码',
    phone: '手机号',
    email: '邮箱',
    avatar: '头像',
    customer_id: '所属公司',
    roles: '角色',
    wx_openid: '微信 OpenID',
    enabled: '启用',
    last_login_at: '最后登录时间',
  },
  role: { ...common, name: '角色名称', parent_id: '上级角色', description: '描述', menus: '菜单权限' },
  config: { ...common, key: '配置键', value: '配置值', description: '描述', public: '公开', builtin: '内置' },
  dict_item: { id: 'ID', category: '字典分类', value: '值', title: '名称', code: '编码', sort: '排序' },
};

/** Titles of the audited tables, for the log's table filter. */
export const TABLE_TITLES: Record<string, string> = {
  customer: '客户',
  admin_user: '管理员',
  role: '角色',
  config: '通用配置',
  dict_item: '字典项',
};

/** The label of one column of an audited table; '' for a column the catalogue does not know. */
export const fieldComment = (table: string, key: string): string => {
  const labels = own(FIELD_LABELS, table);
  return (labels && own(labels, key)) ?? '';
};

/** The title of an audited table, or its own name for a table the catalogue does not know. */
export const tableTitle = (table: string): string => own(TABLE_TITLES, table) ?? table;

/** Query values `true` / `false` of a yes/no filter (a boolean is accepted too, as a stored filter holds it). */
export const booleanParamSchema = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const logChangeSchema = z.object({ key: z.string(), comment: z.string(), before: z.unknown(), after: z.unknown() });
export type LogChange = z.infer<typeof logChangeSchema>;

export const logActionParamSchema = z.coerce.number().int().min(1).max(3);
export const idFilterSchema = z.coerce.number().int().positive().max(MAX_ID);

/** 操作日志: who changed which row of which table, and each changed field before and after. */
export const operationLogSchema = z.object({
  id: z.number(),
  /** 1 增加, 2 删除, 3 修改 (LOG_ACTION). */
  action: z.number(),
  table_name: z.string(),
  table_title: z.string(),
  record_id: z.string(),
  user_id: z.number().nullable(),
  username: z.string(),
  customer_id: z.number().nullable(),
  ip: z.string(),
  changes: z.array(logChangeSchema),
  created_at: z.string(),
});
export type OperationLog = z.infer<typeof operationLogSchema>;

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

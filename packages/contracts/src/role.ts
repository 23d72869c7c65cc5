import { z } from 'zod';
import { idSchema } from './api.js';
import type { Action } from './permissions.js';
import { defineResource } from './resource.js';
import { roleMenuSchema } from './role-menu.js';
import { menuPath } from './menus.js';

/** Titles of the action bits in the permission dialog, in bit order. */
export const ACTION_TITLES: Record<Action, string> = {
  query: '查询',
  add: '增加',
  edit: '修改',
  delete: '删除',
  export: '导出',
  assign: '分配客户',
  tag: '打标签',
  secret: '重置密钥',
  approve: '审批',
  debug: '远程调试',
};

/** A role as the form writes it: `{name, parent_id, description, menus: [{menu, action}]}`. */
export const roleWriteSchema = z.object({
  name: z.string().trim().min(1, '请输入角色名称').max(64),
  parent_id: idSchema.nullable().optional(),
  description: z.string().trim().max(200).optional(),
  menus: z.array(roleMenuSchema).max(1000).optional(),
});
export type RoleWrite = z.infer<typeof roleWriteSchema>;
export const roleUpdateSchema = roleWriteSchema.partial();

export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  parent_id: z.number().nullable(),
  description: z.string(),
  menus: z.array(roleMenuSchema),
  /** Users holding the role (within the caller's data scope). */
  member_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RoleItem = z.infer<typeof roleSchema>;

/** 角色管理 (/system/role): a tree of roles and their menu grants; vendor-level data. */
export const roleResource = defineResource({
  path: menuPath('role'),
  title: '角色',
  audit: { table: 'role' },
  item: roleSchema,
  create: roleWriteSchema,
  update: roleUpdateSchema,
  labels: {
    id: 'ID',
    name: '角色名称',
    parent_id: '上级角色',
    description: '描述',
    menus: '菜单权限',
    member_count: '成员数',
    created_at: '创建时间',
    updated_at: '更新时间',
  },
  sortable: ['id', 'name', 'created_at'],
  defaultSort: 'id',
  dateField: 'created_at',
  keywordsHint: '角色名称、描述',
  tree: true,
});

/**
 * A role the caller may grant, for the user form's role select; `refusal` says why a user of the company asked
 * about may not hold it (a customer company's user never works under the vendor's own tools), null when it may.
 */
export const roleOptionSchema = z.object({ id: z.number(), name: z.string(), parent_id: z.number().nullable(), refusal: z.string().nullable() });
export type RoleOption = z.infer<typeof roleOptionSchema>;

import { z } from 'zod';
import { MAX_ID, idFilterSchema, idSchema } from './api.js';
import { defineResource } from './resource.js';
import { menuPath } from './menus.js';

/** `address|lng|lat` as the console's address picker stores it. */
export const addressSchema = z.string().trim().max(300);

const uscc = z
  .string()
  .trim()
  .regex(/^$|^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/, '统一社会信用代码格式不正确');

/** Written fields; what is left out keeps its stored value (update) or the column default (create). */
export const customerWriteSchema = z.object({
  parent_id: idSchema.nullable().optional(),
  company_name: z.string().trim().min(1, '公司名称不能为空').max(100),
  name: z.string().trim().max(64).optional(),
  uscc: uscc.optional(),
  bank: z.string().trim().max(100).optional(),
  bankno: z.string().trim().max(40).optional(),
  area_id: z.number().int().nonnegative().max(MAX_ID).optional(),
  address: addressSchema.optional(),
  contact: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(32).optional(),
  remark: z.string().trim().max(500).optional(),
  /** 远程访问需审批: remote sessions on the company's boxes (and its subsidiaries') opened from outside its tree wait for its approval. */
  remote_approval: z.boolean().optional(),
});
export type CustomerWrite = z.infer<typeof customerWriteSchema>;

export const customerUpdateSchema = customerWriteSchema.partial();

export const customerSchema = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  company_name: z.string(),
  name: z.string(),
  uscc: z.string(),
  bank: z.string(),
  bankno: z.string(),
  area_id: z.number(),
  address: z.string(),
  contact: z.string(),
  phone: z.string(),
  remark: z.string(),
  is_vendor: z.boolean(),
  remote_approval: z.boolean(),
  /** Boxes the company owns and users it has, itself (not its subsidiaries). */
  device_count: z.number(),
  user_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** 客户 (/manager/custom): the companies, a tree; a customer user sees and edits its own subtree. */
export const customerResource = defineResource({
  path: menuPath('customer'),
  title: '客户',
  list: { empty: '还没有客户,新增的客户公司在这里组成组织架构,设备分配给它们' },
  audit: { table: 'customer' },
  item: customerSchema,
  create: customerWriteSchema,
  update: customerUpdateSchema,
  labels: {
    id: 'ID',
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
    remote_approval: '远程访问需审批',
    device_count: '设备数',
    user_count: '用户数',
    created_at: '创建时间',
    updated_at: '更新时间',
  },
  sortable: ['id', 'company_name', 'created_at'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '公司名称、简称、联系人、联系电话',
  filters: {
    // clicking a node of the tree lists that company and everything below it
    subtree: { label: '公司', schema: idFilterSchema, op: 'subtree', input: { type: 'company' } },
  },
  exportable: true,
  importable: true,
  // 组织架构 draws the same tree: its 查询 reads it, its 修改 drags companies (POST /manager/custom/{id}/move)
  tree: { pages: ['/manager/organization'] },
});

/**
 * What a user may change of its own company through /user/custom_info: not whether remote access needs approval,
 * which only 客户管理's 修改 decides (any user could otherwise open its company's boxes to outsiders).
 */
export const customInfoUpdateSchema = customerWriteSchema.omit({ parent_id: true, remote_approval: true }).partial();

/** A node of the company tree as the console keeps it in localStorage (the department tree). */
export interface DepartmentNode {
  id: number;
  label: string;
  children?: DepartmentNode[];
}

export const departmentNodeSchema: z.ZodType<DepartmentNode> = z.lazy(() =>
  z.object({ id: z.number(), label: z.string(), children: z.array(departmentNodeSchema).optional() }),
);

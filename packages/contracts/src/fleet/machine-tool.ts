import { z } from 'zod';
import { idSchema } from '../api.js';
import { booleanParamSchema, idFilterSchema } from '../api.js';
import { defineResource, yesNoOptions } from '../resource.js';
import { FLEET_DICT } from './states.js';
import { menuPath } from '../menus.js';
import { parseIpv4 } from '../vpn/ipv4.js';

/**
 * A private IPv4 host address (RFC 1918: 10/8, 172.16/12, 192.168/16), not a network's first or last: what a
 * machine tool may keep on its own LAN behind its box's NAT. A public address there would shadow a real one.
 */
export function isPrivateIpv4(text: string): boolean {
  const n = parseIpv4(text);
  if (n === null || n % 256 === 0 || n % 256 === 255) return false;
  const in_ = (base: string, bits: number) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(parseIpv4(base)! / 2 ** (32 - bits));
  return in_('10.0.0.0', 8) || in_('172.16.0.0', 12) || in_('192.168.0.0', 16);
}

export const MACHINE_PATH = '/device/machine';
/** The permissions of machine tools hang on this (hidden) menu. */
export const MACHINE_MENU = menuPath('machine-tool');

const machineFields = {
  code: z
    .string()
    .trim()
    .min(1, '请输入设备编号')
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/, '设备编号只能包含字母、数字和 _ . -'),
  name: z.string().trim().max(100).optional(),
  category: z
    .string()
    .trim()
    .min(1, '请选择类型')
    .max(32)
    .regex(/^[a-z0-9_]+$/, '类型不正确'),
  model: z.string().trim().max(64).optional(),
  description: z.string().trim().max(500).optional(),
  enabled: z.boolean().optional(),
  /** 本地IP: empty or null clears it. */
  lan_ip: z
    .string()
    .trim()
    .refine((v) => v === '' || isPrivateIpv4(v), '本地IP 应为私有 IPv4 地址 (10.x.x.x、172.16–31.x.x、192.168.x.x)')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
};

export const machineToolCreateSchema = z.object({ device_id: idSchema, ...machineFields });
export const machineToolUpdateSchema = z.object(machineFields).partial();

export const machineToolSchema = z.object({
  id: z.number(),
  device_id: z.number(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
  model: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** Its address in the box's /24, and what a controller needs to be set up with it. */
  ip: z.string(),
  netmask: z.string(),
  gateway: z.string(),
  broadcast: z.string(),
  /** The address the machine keeps on its own LAN, reached from `ip` through the box's 1:1 NAT; null: none. */
  lan_ip: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MachineTool = z.infer<typeof machineToolSchema>;

export const machineToolResource = defineResource({
  path: MACHINE_PATH,
  menu: MACHINE_MENU,
  title: '机床',
  list: { empty: '还没有机床,新增的机床在这里显示运行状态' },
  audit: {
    table: 'machine_tool',
    labels: { device_id: '网关设备' },
    // OEE's plan and scrap of a machine tool: logged under the machine tool (its id is the record)
    tables: {
      machine_plan: { title: 'OEE 计划', labels: { machine_tool_id: '机床', shifts: '班次', ideal_cycle_s: '理想节拍(秒)', updated_at: '更新时间' } },
      machine_scrap: { title: '报废记录', labels: { machine_tool_id: '机床', day: '日期', shift: '班次', count: '报废数', updated_at: '更新时间' } },
    },
  },
  item: machineToolSchema,
  create: machineToolCreateSchema,
  update: machineToolUpdateSchema,
  labels: {
    code: '设备编号',
    name: '名称',
    category: '类型',
    model: '型号',
    description: '描述',
    enabled: '启用',
    ip: 'IP',
    netmask: '子网掩码',
    gateway: '网关',
    broadcast: '广播地址',
    lan_ip: '本地IP',
    created_at: '创建时间',
  },
  sortable: ['id', 'code', 'name', 'created_at'],
  defaultSort: 'code',
  keywordsHint: '编号/名称/型号',
  filters: {
    // the page is one box's (/device/machinetool/:id): set by the route, not offered in the search bar
    device_id: { label: '网关设备', schema: idFilterSchema, hidden: true },
    category: { label: '类型', schema: z.string().max(32), input: { type: 'dict', category: FLEET_DICT.machineToolCategory } },
    enabled: { label: '启用', schema: booleanParamSchema, input: { type: 'select', options: yesNoOptions('启用', '停用') } },
  },
});

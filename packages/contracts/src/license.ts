import { z } from 'zod';
import { idFilterSchema, idSchema } from './api.js';
import { MACHINE_TOOL_CATEGORIES } from './fleet/states.js';
import { defineResource } from './resource.js';
import { menuPath } from './menus.js';

/** A licence's kind: 商业授权 (sold, runs until 2099 by default) or 测试授权 (a trial, one month by default). */
export const LICENSE_TYPES = ['business', 'temp'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];
export const LICENSE_TYPE_TITLES: Record<LicenseType, string> = {
  business: '商业授权',
  temp: '测试授权',
};

/** The count entry whose total any controller brand may use; without it (or at 0) each brand has its own count. */
export const LICENSE_MODEL_ALL = 'all';

/** Where anyone, a box or its installer, fetches the platform's public key (SPKI PEM) to check a certificate. */
export const LICENSE_PUBLIC_KEY_PATH = '/tools/license/public_key';

/**
 * Why a certificate is refused, in the words the console and the offline checker show. The last two are the
 * server's own: a certificate it revoked, or one naming a box it does not know.
 */
export const LICENSE_REFUSAL = {
  badSignature: '签名无效',
  expired: '授权已过期',
  notYetValid: '授权尚未生效',
  malformed: '证书格式不正确',
  fingerprintMismatch: '设备指纹不匹配',
  revoked: '已吊销',
  unknownDevice: '未知设备',
} as const;
export type LicenseRefusal = (typeof LICENSE_REFUSAL)[keyof typeof LICENSE_REFUSAL];

const epochSeconds = z.number().int().nonnegative();

export const licenseCountSchema = z.object({
  /** 'all', or a controller brand of the machine tool dictionary (fanuc, mitsubishi, …). */
  model: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[a-z0-9_]+$/),
  count: z.number().int().nonnegative(),
});
export type LicenseCount = z.infer<typeof licenseCountSchema>;

/**
 * The claims a certificate carries, as the box reads them. No transforms: what is checked is exactly what was
 * signed. Times are seconds since the epoch, as in any JWT.
 */
export const licenseClaimsSchema = z.object({
  type: z.enum(LICENSE_TYPES),
  iat: epochSeconds,
  nbf: epochSeconds,
  exp: epochSeconds,
  /** The licence's own id, so a revocation can name it. */
  jti: z.string().min(1).max(64),
  /** The fingerprint of the box the licence is bound to. */
  finger_print: z.string().min(1).max(128),
  /** The box's gateway_id. */
  sub: z.string().min(1).max(64),
  /** Whether the box may map its machine tools over the VPN. */
  vpn: z.boolean(),
  count: z.array(licenseCountSchema).max(64),
});
export type LicenseClaims = z.infer<typeof licenseClaimsSchema>;

/** 授权生成: the page, and the API of the licences it issues. */
export const LICENSE_MENU = menuPath('license');
export const LICENSE_PATH = '/system/license';

/** A 商业授权 runs until this moment unless its issuer names another (a 测试授权 one month from its start). */
export const LICENSE_BUSINESS_EXPIRY = '2099-12-12T00:00:00+08:00';

/**
 * A licence that starts at once (no 生效时间 given) starts this many seconds before it is issued: a box whose
 * clock runs a little slow (before its first time sync) still finds it in force.
 */
export const LICENSE_NBF_LEEWAY_SECONDS = 600;

/** Days before its expiry a licence shows 即将过期. */
export const LICENSE_EXPIRING_DAYS = 30;

/** A licence as the list shows it: 正常, 即将过期 (≤ 30 days left), 已过期, 已吊销. */
export const LICENSE_STATES = ['valid', 'expiring', 'expired', 'revoked'] as const;
export type LicenseState = (typeof LICENSE_STATES)[number];
export const LICENSE_STATE_TITLES: Record<LicenseState, string> = {
  valid: '正常',
  expiring: '即将过期',
  expired: '已过期',
  revoked: '已吊销',
};

/**
 * How many machine tools of `category` a licence's counts let a box enable: with `all` above 0 that total is
 * shared by every brand (`shared`: count the enabled ones of all brands against it), else the brand's own count
 * (0 when not listed). The rule of both the platform and the box.
 */
export function licensedCount(counts: readonly LicenseCount[], category: string): { allowed: number; shared: boolean } {
  const all = counts.find((c) => c.model === LICENSE_MODEL_ALL)?.count ?? 0;
  if (all > 0) return { allowed: all, shared: true };
  return { allowed: counts.find((c) => c.model === category)?.count ?? 0, shared: false };
}

/** The models a count may name: 'all', or a code of the machinetoolcategory dictionary. */
export const LICENSE_MODELS: readonly string[] = [LICENSE_MODEL_ALL, ...MACHINE_TOOL_CATEGORIES.map(([code]) => code)];

const licenseCountWriteSchema = z.object({
  model: z.string().refine((model) => LICENSE_MODELS.includes(model), '未知的机床型号'),
  count: z.number().int('数量应为整数').nonnegative('数量不能小于 0').max(1_000_000),
});

/**
 * A licence to issue. Without `finger_print` the box's own is taken; without `nbf` it starts at once (backdated
 * by LICENSE_NBF_LEEWAY_SECONDS), without `exp` it runs until 2099-12-12 (商业授权) or one month (测试授权).
 */
export const licenseCreateSchema = z.object({
  device_id: idSchema.nullable().optional(),
  finger_print: z.string().trim().max(128, '设备指纹最长 128 个字符').default(''),
  type: z.enum(LICENSE_TYPES),
  nbf: z.iso.datetime({ offset: true }).optional(),
  exp: z.iso.datetime({ offset: true }).optional(),
  vpn: z.boolean().default(false),
  count: z.array(licenseCountWriteSchema).max(64, '最多 64 个型号'),
  remark: z.string().trim().max(500).default(''),
});
export type LicenseCreate = z.infer<typeof licenseCreateSchema>;

export const licenseRevokeSchema = z.object({
  reason: z.string().trim().min(1, '请输入吊销原因').max(200, '吊销原因最长 200 个字符'),
});

export const licenseVerifyBodySchema = z.object({ certificate: z.string().max(16_384) });
export const licenseVerdictSchema = z.object({
  valid: z.boolean(),
  reason: z.string().nullable(),
  claims: licenseClaimsSchema.nullable(),
});
export type LicenseVerdictAnswer = z.infer<typeof licenseVerdictSchema>;

export const licenseSchema = z.object({
  id: z.number(),
  device_id: z.number().nullable(),
  gateway_id: z.string(),
  finger_print: z.string(),
  type: z.enum(LICENSE_TYPES),
  nbf: z.string(),
  exp: z.string(),
  iat: z.string(),
  jti: z.string(),
  vpn: z.boolean(),
  count: z.array(licenseCountSchema),
  certificate: z.string(),
  remark: z.string(),
  issuer: z.number().nullable(),
  revoked_at: z.string().nullable(),
  revoke_reason: z.string(),
  created_at: z.string(),
  state: z.enum(LICENSE_STATES),
});
export type License = z.infer<typeof licenseSchema>;

const option = <T extends string>(titles: Record<T, string>) => (Object.keys(titles) as T[]).map((value) => ({ label: titles[value], value }));

export const licenseResource = defineResource({
  path: LICENSE_PATH,
  menu: LICENSE_MENU,
  title: '授权',
  list: { empty: '还没有授权,为设备生成的授权在这里查看' },
  audit: { table: 'license' },
  item: licenseSchema,
  create: licenseCreateSchema,
  // a licence is revoked, never deleted
  deletable: false,
  labels: {
    id: '序号',
    device_id: '网关设备',
    gateway_id: '设备ID',
    finger_print: '设备指纹',
    type: '授权类型',
    nbf: '生效时间',
    exp: '到期时间',
    iat: '签发时间',
    jti: '授权编号',
    vpn: 'VPN',
    count: '授权数量',
    certificate: '授权证书',
    remark: '备注',
    issuer: '签发人',
    revoked_at: '吊销时间',
    revoke_reason: '吊销原因',
    reason: '吊销原因',
    created_at: '创建时间',
    state: '状态',
  },
  sortable: ['id', 'exp', 'nbf', 'iat', 'created_at'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '设备ID/指纹/备注',
  filters: {
    device_id: { label: '网关设备', schema: idFilterSchema, input: { type: 'remote', url: '/device/device', labelField: 'gateway_id' } },
    type: { label: '授权类型', schema: z.enum(LICENSE_TYPES), input: { type: 'select', options: option(LICENSE_TYPE_TITLES) } },
    state: { label: '状态', schema: z.enum(LICENSE_STATES), input: { type: 'select', options: option(LICENSE_STATE_TITLES) } },
  },
  actions: {
    revoke: { title: '吊销', permission: 'edit', target: 'row', body: licenseRevokeSchema },
  },
});

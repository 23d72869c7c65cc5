import { z } from 'zod';
import { idFilterSchema, idSchema } from '../api.js';
import { GOODS_PATH } from '../fleet/goods.js';
import { defineResource } from '../resource.js';
import { menuPath } from '../menus.js';

/** 版本管理: firmware releases of the boxes, and (under the same menu) their rollouts. */
export const VERSION_PATH = menuPath('firmware');
/** `POST /system/version/file` (multipart, field `file`): stores a firmware file, answers its size and SHA-256. */
export const VERSION_FILE_PATH = `${VERSION_PATH}/file`;
/**
 * Where a box downloads a release's file: `GET /custom/api/v1/system/version/{id}/download?token=`, public
 * but only with a short-lived token signed for that box and that release.
 */
export const versionDownloadPath = (id: number | ':id') => `${VERSION_PATH}/${id}/download`;
/** How long a download link sent to a box stays valid. */
export const FIRMWARE_URL_TTL_SECONDS = 30 * 60;

/** A release's life: 草稿 (editable, not rollable), 已发布 (rollable), 已删除 (kept for history). */
export const VERSION_STATUSES = ['draft', 'published', 'deleted'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];
export const VERSION_STATUS_TITLES: Record<VersionStatus, string> = { draft: '草稿', published: '已发布', deleted: '已删除' };
/** The status tag colours: published success, draft info (antd's processing/blue), deleted danger. */
export const VERSION_STATUS_COLORS: Record<VersionStatus, string> = { draft: 'processing', published: 'success', deleted: 'error' };

/** A semantic version, `1.4.2` or `2.0.0-rc.1` (an optional leading v is not accepted: the box reports bare numbers). */
export const SEMVER_RE = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
export const semverSchema = z.string().trim().regex(SEMVER_RE, '版本号应为语义化版本, 如 1.4.2');

/** What `POST /system/version/file` answers: the stored file, named by its SHA-256. */
export const firmwareFileSchema = z.object({
  file_id: z.string(),
  file_name: z.string(),
  size: z.number(),
  sha256: z.string(),
});
export type FirmwareFile = z.infer<typeof firmwareFileSchema>;

export const versionSchema = z.object({
  id: z.number(),
  version: z.string(),
  /** The device types (goods) the release fits. */
  goods_ids: z.array(z.number()),
  goods_names: z.array(z.string()),
  file_name: z.string(),
  size: z.number(),
  sha256: z.string(),
  /** Rich text (HTML). */
  changelog: z.string(),
  status: z.enum(VERSION_STATUSES),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Version = z.infer<typeof versionSchema>;

const versionWriteFields = {
  version: semverSchema,
  goods_ids: z.array(idSchema).min(1, '请选择适用的设备类型').max(100),
  /** `file_id` from POST /system/version/file. */
  file_id: z.string().regex(/^[0-9a-f]{64}$/, '请上传固件文件'),
  file_name: z.string().trim().min(1).max(200),
  changelog: z.string().max(100_000, '更新说明过长').default(''),
};
export const versionCreateSchema = z.object(versionWriteFields);
export type VersionCreate = z.infer<typeof versionCreateSchema>;
/**
 * A draft may change anything; a published release only its changelog (its file and fit are what boxes got).
 * No default here: a changelog left out of an update stays as it is.
 */
export const versionUpdateSchema = z.object({ ...versionWriteFields, changelog: z.string().max(100_000, '更新说明过长') }).partial();
export type VersionUpdate = z.infer<typeof versionUpdateSchema>;

/**
 * Firmware releases. DELETE marks a release 已删除 (it stays listed; a draft never rolled out is the same);
 * `publish` makes a draft rollable.
 */
export const versionResource = defineResource({
  path: VERSION_PATH,
  title: '固件版本',
  list: { empty: '还没有固件版本,上传固件后在这里发布和推送' },
  audit: { table: 'firmware_version', labels: { id: 'ID', created_by: '创建人' } },
  item: versionSchema,
  create: versionCreateSchema,
  update: versionUpdateSchema,
  labels: {
    version: '版本号',
    goods_ids: '适用设备类型',
    goods_names: '适用设备类型',
    file_id: '固件文件',
    file_name: '文件名',
    size: '文件大小',
    sha256: 'SHA-256',
    changelog: '更新说明',
    status: '状态',
    published_at: '发布时间',
    created_at: '创建时间',
    updated_at: '更新时间',
  },
  sortable: ['id', 'version', 'created_at', 'published_at'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '版本号或文件名',
  filters: {
    status: {
      label: '状态',
      schema: z.enum(VERSION_STATUSES),
      input: { type: 'select', options: VERSION_STATUSES.map((s) => ({ label: VERSION_STATUS_TITLES[s], value: s })) },
    },
    goods_id: { label: '设备类型', schema: idFilterSchema, op: 'has', input: { type: 'remote', url: GOODS_PATH, labelField: 'name' } },
  },
  actions: {
    publish: { title: '发布', permission: 'edit', target: 'row', confirm: '发布后即可推送到设备, 文件与适用类型不能再修改。确定发布?' },
  },
});

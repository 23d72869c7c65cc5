import { z } from 'zod';
import { defineResource } from './resource.js';
import { menuPath } from './menus.js';

/** States of an export job: 排队 → 导出中 → 完成 or 失败. */
export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];
export const exportStateSchema = z.enum(EXPORT_STATES);

/** What the export page shows for each state. */
export const EXPORT_STATE_LABEL: Record<ExportState, string> = {
  queued: '排队',
  running: '导出中',
  done: '完成',
  failed: '失败',
};

/** The API path of the export jobs (and the menu their permissions hang on). */
export const EXPORT_PATH = menuPath('export');

/** One export job as GET /manager/export lists it; `download_url` is set while its file can be downloaded. */
export const exportJobSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  /** The resource's route path, e.g. /manager/custom. */
  resource: z.string(),
  title: z.string(),
  /** The list query (keywords, dates, filters) the export ran with. */
  filters: z.record(z.string(), z.unknown()),
  state: exportStateSchema,
  progress: z.number(),
  row_count: z.number(),
  total: z.number(),
  file_name: z.string(),
  file_size: z.number(),
  error: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  download_url: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

/** The answer of POST /<resource>/import: the failed rows, with their reasons, are a downloadable xlsx. */
export const importResultSchema = z.object({
  total: z.number(),
  saved: z.number(),
  failed: z.number(),
  failed_url: z.string().nullable(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The header of the column that tells why a row of an import was refused. */
export const IMPORT_REASON_TITLE = '失败原因';

/**
 * 导出管理 (/manager/export): the caller's export jobs (everybody's with full access); written by exports and
 * imports, never by a form, and deleted with their files.
 */
export const exportJobResource = defineResource({
  path: EXPORT_PATH,
  title: '导出任务',
  item: exportJobSchema,
  labels: {
    id: 'ID',
    user_id: '导出人 ID',
    username: '导出人',
    resource: '列表',
    title: '名称',
    filters: '筛选条件',
    state: '状态',
    progress: '进度',
    row_count: '行数',
    total: '总行数',
    file_name: '文件名',
    file_size: '文件大小',
    error: '失败原因',
    created_at: '创建时间',
    started_at: '开始时间',
    finished_at: '完成时间',
    expires_at: '过期时间',
    download_url: '下载',
  },
  sortable: ['id', 'created_at', 'state'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '名称、导出人、文件名',
  filters: {
    state: {
      label: '状态',
      schema: exportStateSchema,
      input: { type: 'select', options: EXPORT_STATES.map((state) => ({ label: EXPORT_STATE_LABEL[state], value: state })) },
    },
    resource: { label: '列表', schema: z.string().max(200), hidden: true },
  },
  deletable: true,
});

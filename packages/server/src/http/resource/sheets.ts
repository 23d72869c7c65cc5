import type { FastifyRequest } from 'fastify';
import type { ExportJob, ImportResult } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { ListFilters } from './list-query.js';
import type { ResourceDef } from './types.js';

/**
 * What the machine's spreadsheet routes ask of the job side. jobs/ implements it and app.ts hands it over in
 * the deps, so imports go one way: jobs/ runs lists through the machine (http/resource), the machine never
 * imports jobs/.
 */
export interface SheetJobs {
  /** Makes a resource's exports runnable on any node (a job stores only the resource's path). */
  register(def: ResourceDef): void;
  /**
   * Queues an export of the list under `filters` for `user`; answers the job as the export page lists it. The
   * job and its file are named `title`, the resource's title unless the list is one thing's (机床报警(L1)).
   */
  queueExport(deps: AppDeps, req: FastifyRequest, def: ResourceDef, filters: ListFilters, title?: string): Promise<ExportJob>;
  /** The import template: an xlsx whose header holds the columns a file may fill. */
  template(def: ResourceDef): Promise<Buffer>;
  /** Imports an uploaded file; one that is no xlsx, or too long, is refused with a 400. */
  importFile(req: FastifyRequest, deps: AppDeps, def: ResourceDef, file: Buffer): Promise<ImportResult>;
}

/** What the spreadsheet routes tell the user. */
export const SHEET_MSG = {
  queued: '已加入导出队列,请在导出管理中查看进度并下载',
  notMultipart: '请以 multipart/form-data 上传 xlsx 文件,字段名 file',
  noFile: '请选择要导入的 xlsx 文件 (字段名 file)',
  imported: (saved: number, failed: number) => (failed ? `导入成功 ${saved} 条,失败 ${failed} 条` : `导入成功 ${saved} 条`),
} as const;

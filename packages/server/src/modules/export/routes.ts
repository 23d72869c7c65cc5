import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';

/** 导出管理 (/manager/export): the export jobs and their files. */
export function exportRoutes(_app: FastifyInstance, _deps: AppDeps): void {}

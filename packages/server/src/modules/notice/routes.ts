import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';

/** 通知发件箱 (WeChat notices to bound users) and its sender (under the API prefix). */
export function noticeRoutes(_app: FastifyInstance, _deps: AppDeps): void {}

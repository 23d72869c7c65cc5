import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';

/** 短链接 (/system/short_url), its QR codes and visits, and the boxes' links and QR labels (under the API prefix). */
export function shortUrlRoutes(_app: FastifyInstance, _deps: AppDeps): void {}

/** The public redirect `/s/{code}` at the site's root. */
export function shortUrlRedirectRoutes(_app: FastifyInstance, _deps: AppDeps): void {}

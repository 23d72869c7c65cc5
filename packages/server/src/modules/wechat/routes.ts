import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';

/** 自动回复 rules, their 测试 box, and the user's WeChat binding (under the API prefix). */
export function wechatRoutes(_app: FastifyInstance, _deps: AppDeps): void {}

/** The official account's message callback at its full public path (outside the API prefix). */
export function wechatCallbackRoutes(_app: FastifyInstance, _deps: AppDeps): void {}

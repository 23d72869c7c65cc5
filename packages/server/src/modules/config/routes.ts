import type { FastifyInstance } from 'fastify';
import { YES_NO_OPTIONS, configResource as resource, optionLabel } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { config } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { configRules } from './rules.js';

/** 通用配置 (/system/config): key, value, description and 公开 (readable without login through /tools/config). */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    resource,
    table: config,
    keywords: ['key', 'description', 'value'],
    // also the import template: the columns a file may fill are those the create schema accepts
    sheet: [
      { key: 'key', width: 24 },
      { key: 'value', width: 50 },
      { key: 'description', width: 40 },
      { key: 'public', value: (row) => optionLabel(YES_NO_OPTIONS, row.public) },
    ],
    ...configRules,
  });
}

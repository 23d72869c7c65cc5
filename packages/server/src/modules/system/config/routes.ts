import type { FastifyInstance } from 'fastify';
import { YES_NO_OPTIONS, booleanParamSchema, configResource as resource, configItemSchema, configUpdateSchema, configWriteSchema, optionLabel } from '@gw/contracts';
import type { AppDeps } from '../../../app-deps.js';
import { config } from '../../../db/schema.js';
import { registerResource } from '../../../http/resource/register.js';
import { configRules } from './rules.js';
import { serializeConfig } from './serialize.js';

const L = resource.labels;

/** 通用配置 (/system/config): key, value, description and 公开 (readable without login through /tools/config). */
export function configRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerResource(app, deps, {
    path: resource.path,
    title: resource.title,
    table: config,
    id: config.id,
    createdAt: config.created_at,
    keywords: [config.key, config.description, config.value],
    sortable: { id: config.id, key: config.key, created_at: config.created_at, updated_at: config.updated_at },
    filters: { public: { column: config.public, schema: booleanParamSchema }, builtin: { column: config.builtin, schema: booleanParamSchema } },
    item: configItemSchema,
    create: configWriteSchema,
    update: configUpdateSchema,
    serialize: serializeConfig,
    // also the import template: the columns a file may fill are those the create schema accepts
    sheet: [
      { key: 'key', title: L.key, width: 24 },
      { key: 'value', title: L.value, width: 50 },
      { key: 'description', title: L.description, width: 40 },
      { key: 'public', title: L.public, value: (row) => optionLabel(YES_NO_OPTIONS, row.public as boolean) },
    ],
    ...configRules,
  });
}

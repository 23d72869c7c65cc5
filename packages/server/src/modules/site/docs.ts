import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { FILE_FIELD } from '../../http/multipart.js';

type Transform = typeof jsonSchemaTransform;

/**
 * The zod schemas as JSON schema; a route that reads `multipart/form-data` (it has no body schema, since the
 * body is streamed) is documented with its `file` field, so clients and the hostile-input test can see it.
 */
const documentMultipart: Transform = (input) => {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as { consumes?: string[]; body?: unknown } | undefined;
  if (schema?.consumes?.includes('multipart/form-data') && !schema.body) {
    schema.body = {
      type: 'object',
      properties: { [FILE_FIELD]: { type: 'string', format: 'binary', description: '文件' } },
      required: [FILE_FIELD],
    };
  }
  return out;
};

/** OpenAPI generated from the routes' zod schemas; Swagger UI's files come from the package, never a CDN. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: '智能网关管理系统 API', version: '1.0.0', description: '令牌放在请求头 TOKEN 中。响应体统一为 {code, message, data}。' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'TOKEN' } } },
      security: [{ token: [] }],
    },
    transform: documentMultipart,
  });
  await app.register(swaggerUi, { routePrefix: '/custom/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas; Swagger UI's files come from the package, never a CDN. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: '智能网关管理系统 API', version: '1.0.0', description: '令牌放在请求头 TOKEN 中。响应体统一为 {code, message, data}。' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'TOKEN' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/custom/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}

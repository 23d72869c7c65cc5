import type { FastifyInstance } from 'fastify';
import { LICENSE_PUBLIC_KEY_PATH } from '@gw/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { loadLicenseKey } from './license-key.js';

export const PEM_CONTENT_TYPE = 'application/x-pem-file; charset=utf-8';

/**
 * The platform's licence public key, for boxes and installers to check certificates offline. Public by design:
 * it proves a certificate, it cannot make one.
 */
export function licenseRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    LICENSE_PUBLIC_KEY_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['tools'],
        summary: '授权证书公钥 (Ed25519, SPKI PEM 文本;网关设备用它离线校验授权证书)',
        produces: ['application/x-pem-file'],
        response: { 200: z.string().describe('-----BEGIN PUBLIC KEY----- … -----END PUBLIC KEY-----') },
      },
    },
    async (_req, reply) => {
      const { publicKeyPem } = await loadLicenseKey(deps.db);
      // a non-JSON type makes Fastify send the text as it is rather than through the response serializer
      return reply.header('content-type', PEM_CONTENT_TYPE).send(publicKeyPem);
    },
  );
}

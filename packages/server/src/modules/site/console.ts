import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CONFIG_KEY, HTTP } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { config as configTable } from '../../db/schema.js';
import { UPLOAD_URL } from '../tools/upload.js';

/**
 * Serves the built console at /custom/ (history-mode: unknown paths get index.html, the login page login.html), uploads at
 * /custom/uploads/, and answers other unknown paths with the JSON 404 envelope.
 */
export async function registerConsole(app: FastifyInstance, webDist: string, uploadsDir: string): Promise<void> {
  const hasConsole = existsSync(path.join(webDist, 'index.html'));
  // the login page drawn in the HTML (the build's login.html): its frame and title show before the script has run
  const hasLoginPage = existsSync(path.join(webDist, 'login.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/custom/',
      index: false,
      wildcard: false,
      // scripts/compress-dist.mjs wrote .br/.gz beside each asset at build time
      preCompressed: true,
      setHeaders(res, file) {
        // only the build's own assets/ folder holds hashed names; the folders above webDist don't count
        const hashed = path.relative(webDist, file).startsWith(`assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: `${UPLOAD_URL}/`,
    decorateReply: !hasConsole,
    setHeaders(res) {
      // uploaded files are user content: never let one run as a page of this origin
      res.header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      res.header('x-content-type-options', 'nosniff');
    },
  });

  app.get('/', (_req, reply) => reply.redirect('/custom/'));
  app.get('/custom', (_req, reply) => reply.redirect('/custom/'));

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && url.startsWith('/custom/') && !url.startsWith('/custom/api/') && !url.startsWith(`${UPLOAD_URL}/`);
    if (isPage && hasConsole && !path.extname(url)) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(url === '/custom/login' && hasLoginPage ? 'login.html' : 'index.html', webDist);
    }
    return reply.status(HTTP.notFound).send({ code: HTTP.notFound, message: `接口或页面不存在: ${req.method} ${url}`, data: null });
  });
}

/** Whether 高德地图's key is set: the console's pages then allow the map's sources (http/security-headers.ts). */
export function amapKeySet(db: Db): () => Promise<boolean> {
  return async () => {
    const [row] = await db.select({ value: configTable.value }).from(configTable).where(eq(configTable.key, CONFIG_KEY.amapKey));
    return Boolean(row?.value.trim());
  };
}

import type { FastifyInstance } from 'fastify';

/**
 * What 高德地图 needs once an operator sets its key (系统配置 amap_key): its loader and JSONP answers come from
 * *.amap.com, its tiles from *.autonavi.com, and it parses vector tiles in workers made from blob: URLs. Without
 * a key the console loads nothing from outside and these stay out of the policy.
 */
const AMAP_SOURCES = ['https://*.amap.com', 'https://*.autonavi.com'];

/**
 * The Content-Security-Policy of the console's pages (and every other HTML page that sets none of its own).
 * The built console is one module script and one stylesheet from its own origin, so scripts come only from
 * 'self'. Styles also inline: antd's CSS-in-JS inserts <style> tags and React writes style attributes. Images
 * may be data: (the captcha, icons) or blob: (QR codes, previews); charts draw on canvas; the live channel is a
 * WebSocket to this origin ('self' covers ws: and wss: of the same host); the map outlines are local files.
 */
export function pagePolicy({ amap }: { amap: boolean }): string {
  const map = amap ? AMAP_SOURCES : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...map]],
    ['style-src', ["'self'", "'unsafe-inline'", ...map]],
    ['img-src', ["'self'", 'data:', 'blob:', ...map]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...map]],
    ['worker-src', ["'self'", ...(amap ? ['blob:'] : [])]],
    ['frame-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    // no page of this server may be framed: a framed console could be overlaid to trick clicks
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export interface SecurityHeaderOptions {
  /** Whether the 高德地图 key is set now (read per page, so a key set in 系统配置 applies at the next load). */
  amapEnabled(): Promise<boolean>;
}

/**
 * Headers on every response: no content sniffing (a JSON answer or an upload is never run as a page), no framing
 * (X-Frame-Options for browsers that predate frame-ancestors), only the origin as referrer to other sites (the
 * map's key check reads it; paths and queries stay here). HTML pages get the page policy unless they set their
 * own (uploads keep their stricter sandbox).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      const amap = await options.amapEnabled().catch((err: unknown) => {
        req.log.warn({ err }, 'map key unreadable; page served without the map sources');
        return false;
      });
      reply.header('content-security-policy', pagePolicy({ amap }));
    }
    return payload;
  });
}

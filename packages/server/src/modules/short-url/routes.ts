import type { FastifyInstance } from 'fastify';
import { YES_NO_OPTIONS, optionLabel, shortUrlResource as resource } from '@gw/contracts';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { shortUrl } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { requestOrigin } from '../../http/origin.js';
import { shortUrlSql, withBase } from './base-url.js';
import { deviceLinksRoute } from './device-links.js';
import { labelsRoute } from './labels.js';
import { qrcodeRoute } from './qrcode.js';
import { redirectRoute } from './redirect.js';
import { shortUrlRules, vendorOnlyWhere } from './rules.js';
import { visitsRoute } from './visits.js';

const gatewayIdSql = sql<string | null>`(select d.gateway_id from device d where d.id = short_url.device_id)`;

/**
 * 短链接 (/system/short_url, vendor only): codes that redirect (custom or generated), each with its printed
 * short URL, its QR code and its visits per day; and the boxes' links (one per box, opening the box in the
 * console) with their printable QR labels. Registered under the API prefix.
 */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  const { publicUrl } = deps.config;
  registerResource(app, deps, {
    resource,
    table: shortUrl,
    keywords: ['code', 'title', 'target', gatewayIdSql],
    baseWhere: vendorOnlyWhere,
    derived: { short_url: shortUrlSql, gateway_id: gatewayIdSql },
    // with no short_url_base configured, a link is printed under PUBLIC_URL, else where the console was reached
    present: (req, item) => ({ ...item, short_url: withBase(item.short_url, publicUrl || requestOrigin(req)) }),
    sheet: [
      { key: 'code', width: 14 },
      // an export runs after its request: its links go under PUBLIC_URL, else where the console was when it was asked
      { key: 'short_url', width: 40, value: (row, sheet) => withBase(row.short_url, publicUrl || sheet.origin) },
      { key: 'title', width: 24 },
      { key: 'target', width: 50 },
      { key: 'gateway_id', width: 20 },
      { key: 'enabled', value: (row) => optionLabel(YES_NO_OPTIONS, row.enabled) },
      { key: 'expires_at', width: 20, value: (row) => zoneTime(row.expires_at) },
      { key: 'visits' },
      { key: 'last_visit_at', width: 20, value: (row) => zoneTime(row.last_visit_at) },
      { key: 'created_at', width: 20, value: (row) => zoneTime(row.created_at) },
    ],
    ...shortUrlRules,
  });
  qrcodeRoute(app, deps);
  visitsRoute(app, deps);
  deviceLinksRoute(app, deps);
  labelsRoute(app, deps);
}

/**
 * The public redirect `/s/{code}` at the site's root, in a scope of its own: every route of it, a miss under /s/
 * included, counts against the short-link budget per client address (RATE_LIMIT_SHORT_LINK).
 */
export function shortUrlRedirectRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, rateLimit: 'shortLink' };
  });
  redirectRoute(app, deps);
}

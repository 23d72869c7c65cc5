import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEVICE_SHORT_URL_PATH,
  QRCODE_URL_MENU,
  deviceShortUrlBodySchema,
  deviceShortUrlSchema,
  envelopeSchema,
  shortUrlResource,
} from '@gw/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Db, Tx } from '../../db/client.js';
import { device, shortUrl } from '../../db/schema.js';
import { refused } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { customerScope, requireVendorScope } from '../../http/scope.js';
import type { SessionUser } from '../../http/types.js';
import { linkBase, shortUrlOf } from './base-url.js';
import { freeCodes, lockCodes } from './code.js';
import { MSG } from './messages.js';

export type DeviceLinks = z.infer<typeof deviceShortUrlSchema>;
/** The console's page of a box: the device list opens that box's drawer from ?detail=. */
export const DEVICE_PAGE = '/custom/device/device?detail=';

export interface Box {
  id: number;
  gateway_id: string;
  name: string;
}

/** The boxes of `ids` the user sees, in the order asked; an id it does not see is refused, naming it. */
export async function visibleBoxes(db: Db | Tx, user: SessionUser, ids: number[]): Promise<Box[]> {
  const wanted = [...new Set(ids)];
  const rows = await db
    .select({ id: device.id, gateway_id: device.gateway_id, name: device.name })
    .from(device)
    .where(and(inArray(device.id, wanted), customerScope(user, device.customer_id)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = wanted.filter((id) => !byId.has(id));
  if (missing.length) throw refused(MSG.devicesMissing(missing));
  return wanted.map((id) => byId.get(id)!);
}

/** The codes of the boxes' links, by box id (a box without one is absent). */
export async function linkCodes(db: Db | Tx, deviceIds: number[]): Promise<Map<number, string>> {
  const rows = await db.select({ device_id: shortUrl.device_id, code: shortUrl.code }).from(shortUrl).where(inArray(shortUrl.device_id, deviceIds));
  return new Map(rows.map((r) => [r.device_id!, r.code]));
}

/**
 * Gives every box its link unless it has one: titled after the box, leading to its page in the console under
 * `base`. Safe when two requests ask for the same box at once: one link per box (the insert skips a box that
 * gained one meanwhile), then both read what is stored.
 */
export async function ensureDeviceLinks(tx: Tx, boxes: Box[], base: string, userId: number): Promise<DeviceLinks> {
  const ids = boxes.map((b) => b.id);
  await lockCodes(tx);
  const had = await linkCodes(tx, ids);
  const lacking = boxes.filter((b) => !had.has(b.id));
  const codes = await freeCodes(tx, lacking.length);
  const made = lacking.length
    ? await tx
        .insert(shortUrl)
        .values(lacking.map((b, i) => ({ code: codes[i], title: (b.name || b.gateway_id).slice(0, 100), target: `${base}${DEVICE_PAGE}${b.id}`, device_id: b.id, created_by: userId })))
        .onConflictDoNothing({ target: shortUrl.device_id })
        .returning({ device_id: shortUrl.device_id })
    : [];
  const created = new Set(made.map((r) => r.device_id));
  const stored = await linkCodes(tx, ids);
  return boxes.map((b) => ({ device_id: b.id, gateway_id: b.gateway_id, code: stored.get(b.id)!, short_url: shortUrlOf(base, stored.get(b.id)!), created: created.has(b.id) }));
}

/** `POST /device/device/short_url` {ids}: a link for each box that has none (vendor staff); every box's link answered. */
export function deviceLinksRoute(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    DEVICE_SHORT_URL_PATH,
    {
      config: { access: { menu: QRCODE_URL_MENU, action: 'add' } },
      schema: {
        tags: [shortUrlResource.title],
        summary: '为设备生成短链接 (已有短链接的设备保留原链接; 链接打开控制台中该设备的详情)',
        body: deviceShortUrlBodySchema,
        response: { 200: envelopeSchema(deviceShortUrlSchema) },
      },
    },
    async (req) => {
      requireVendorScope(req, MSG.vendorOnly);
      const links = await req.tx(async (tx) => {
        const boxes = await visibleBoxes(tx, req.user, req.body.ids);
        return ensureDeviceLinks(tx, boxes, await linkBase(tx, deps.config.publicUrl, req), req.user.id);
      });
      const made = links.filter((l) => l.created).length;
      return ok(links, MSG.linksMade(made, links.length - made));
    },
  );
}

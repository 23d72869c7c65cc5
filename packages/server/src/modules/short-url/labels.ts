import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEVICE_QR_LABELS_PATH, QRCODE_URL_MENU, shortUrlResource } from '@gw/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { attachment } from '../../http/attachment.js';
import { refused } from '../../http/errors.js';
import { requireVendorScope } from '../../http/scope.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { linkBase, shortUrlOf } from './base-url.js';
import { type Box, linkCodes, visibleBoxes } from './device-links.js';
import { escapeHtml } from './html.js';
import { MSG } from './messages.js';
import { qrSvg } from './qrcode.js';

export const MAX_LABELS = 500;
const MAX_ID = 2_147_483_647;

const labelsQuerySchema = z.object({
  ids: z
    .string({ message: MSG.idsInvalid })
    .regex(/^\d{1,10}(,\d{1,10})*$/, MSG.idsInvalid)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), MSG.idsInvalid)
    .refine((ids) => ids.length <= MAX_LABELS, MSG.tooManyIds(MAX_LABELS)),
});

/** One box's label: its QR code, gateway id, name and the printed link. */
export interface Label {
  box: Box;
  url: string;
  svg: string;
}

const labelHtml = ({ box, url, svg }: Label) => `<figure class="label">
<div class="qr">${svg}</div>
<figcaption><b>${escapeHtml(box.gateway_id)}</b>${box.name && box.name !== box.gateway_id ? `<span>${escapeHtml(box.name)}</span>` : ''}<code>${escapeHtml(url)}</code></figcaption>
</figure>`;

/**
 * The printable sheet: A4, three labels a row with dashed cut lines, each kept whole on one page. Everything
 * is inside the file (the QR codes as inline SVG, system fonts): it prints offline.
 */
export function labelsSheet(labels: Label[], madeAt: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>${MSG.labelsTitle}</title>
<style>
@page{size:A4 portrait;margin:10mm}
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;color:#000;background:#fff}
header{display:flex;align-items:center;justify-content:space-between;padding:12px 16px;border-bottom:1px solid #ddd;font-size:14px}
header button{font-size:14px;padding:4px 16px;cursor:pointer}
.sheet{display:grid;grid-template-columns:repeat(3,60mm);gap:4mm;justify-content:center;padding:10mm 0}
.label{margin:0;width:60mm;height:66mm;padding:3mm;border:1px dashed #999;display:flex;flex-direction:column;align-items:center;break-inside:avoid;page-break-inside:avoid}
.qr{width:42mm;height:42mm}
.qr svg{width:100%;height:100%;display:block}
figcaption{width:100%;margin-top:1.5mm;text-align:center;line-height:1.3;overflow:hidden}
figcaption b{display:block;font-size:12pt;font-family:Consolas,Menlo,monospace;word-break:break-all}
figcaption span{display:block;font-size:9pt;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
figcaption code{display:block;font-size:7pt;font-family:Consolas,Menlo,monospace;word-break:break-all;color:#333}
@media print{header{display:none}.sheet{padding:0}}
</style>
</head>
<body>
<header><span>${MSG.labelsTitle} · ${labels.length} 张 · ${escapeHtml(madeAt)}</span><button type="button" onclick="window.print()">${MSG.print}</button></header>
<main class="sheet">
${labels.map(labelHtml).join('\n')}
</main>
</body>
</html>
`;
}

/** `二维码标签_20240501_083000.html` (the platform's zone). */
const fileName = (madeAt: string) => `二维码标签_${madeAt.replace(/-/g, '').replace(' ', '_').replace(/:/g, '')}.html`;

/**
 * `GET /device/device/qr_labels?ids=1,2,3`: the boxes' QR labels as one printable HTML file (at most 500). Every
 * box must have its link already: the console makes the missing ones first (POST /device/device/short_url).
 */
export function labelsRoute(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    DEVICE_QR_LABELS_PATH,
    {
      config: { access: { menu: QRCODE_URL_MENU, action: 'query' } },
      schema: {
        tags: [shortUrlResource.title],
        summary: `设备二维码标签 (可打印的 A4 HTML; ids 以逗号分隔, 最多 ${MAX_LABELS} 台; 设备须已有短链接)`,
        querystring: labelsQuerySchema,
      },
    },
    async (req, reply) => {
      requireVendorScope(req, MSG.vendorOnly);
      const boxes = await visibleBoxes(deps.db, req.user, req.query.ids);
      const codes = await linkCodes(deps.db, boxes.map((b) => b.id));
      const lacking = boxes.filter((b) => !codes.has(b.id));
      if (lacking.length) throw refused(MSG.noLinkYet(lacking.map((b) => b.gateway_id)));
      const base = await linkBase(deps.db, deps.config.publicUrl, req);
      const labels = await Promise.all(
        boxes.map(async (box) => {
          const url = shortUrlOf(base, codes.get(box.id)!);
          return { box, url, svg: await qrSvg(url) };
        }),
      );
      const madeAt = zoneTime(deps.clock.now());
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-disposition', attachment(fileName(madeAt)))
        .header('cache-control', 'no-store')
        .send(labelsSheet(labels, madeAt));
    },
  );
}

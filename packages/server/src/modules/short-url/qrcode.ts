import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { QRCODE_URL_MENU, QR_FORMATS, QR_SIZE, idParamSchema, shortUrlQrcodePath, shortUrlResource } from '@gw/contracts';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { attachment } from '../../http/attachment.js';
import { linkBase, shortUrlOf } from './base-url.js';
import { readableLink } from './rules.js';

const qrQuerySchema = z.object({
  format: z.enum(QR_FORMATS, { message: `格式只能是 ${QR_FORMATS.join(' 或 ')}` }).default('png'),
  size: z.coerce
    .number({ message: '尺寸必须是数字' })
    .int('尺寸必须是整数')
    .min(QR_SIZE.min, `尺寸不能小于 ${QR_SIZE.min}`)
    .max(QR_SIZE.max, `尺寸不能大于 ${QR_SIZE.max}`)
    .default(QR_SIZE.default),
});

/** Medium error correction survives a scuffed label; a margin of two modules keeps a scanner's quiet zone. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** The QR code of `text` as an SVG document that scales to its box (no width: CSS decides). */
export const qrSvg = (text: string): Promise<string> => QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' });

/** The QR code of `text` as a PNG, or as an SVG of `size` pixels. */
export function qrImage(text: string, format: (typeof QR_FORMATS)[number], size: number): Promise<Buffer | string> {
  return format === 'png'
    ? QRCode.toBuffer(text, { ...QR_OPTIONS, type: 'png', width: size })
    : QRCode.toString(text, { ...QR_OPTIONS, type: 'svg', width: size });
}

/**
 * `GET /system/short_url/{id}/qrcode?format=png|svg&size=`: the QR code of a link's short URL, made here (no
 * outside service sees the links), as a download named after the code.
 */
export function qrcodeRoute(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    shortUrlQrcodePath(':id'),
    {
      config: { access: { menu: QRCODE_URL_MENU, action: 'query' } },
      schema: {
        tags: [shortUrlResource.title],
        summary: `短链接二维码 (format: png 或 svg, 默认 png; size: ${QR_SIZE.min}-${QR_SIZE.max} 像素, 默认 ${QR_SIZE.default})`,
        params: idParamSchema,
        querystring: qrQuerySchema,
      },
    },
    async (req, reply) => {
      const link = await readableLink(deps.db, req, req.params.id);
      const { format, size } = req.query;
      const image = await qrImage(shortUrlOf(await linkBase(deps.db, deps.config.publicUrl, req), link.code), format, size);
      return reply
        .header('content-type', format === 'png' ? 'image/png' : 'image/svg+xml; charset=utf-8')
        .header('content-disposition', attachment(`${link.code}.${format}`))
        .header('cache-control', 'no-store')
        .send(image);
    },
  );
}

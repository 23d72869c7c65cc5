import { and, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { QRCODE_URL_MENU, envelopeSchema, idParamSchema, shortUrlResource, shortUrlVisitsPath, shortUrlVisitsSchema, type ShortUrlVisits } from '@gw/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { shortUrlDay } from '../../db/schema.js';
import { addDays, zoneDate } from '../../lib/platform-zone.js';
import { ok } from '../../http/reply.js';
import { readableLink } from './rules.js';

const visitsQuerySchema = z.object({
  days: z.coerce.number({ message: '天数必须是数字' }).int('天数必须是整数').min(1, '天数不能小于 1').max(366, '天数不能大于 366').default(30),
});

/** The `days` platform-zone dates up to today's, oldest first. */
export function lastDays(today: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
}

/** `GET /system/short_url/{id}/visits?days=`: a link's visits per day (the platform's zone), one entry a day, zeros filled. */
export function visitsRoute(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    shortUrlVisitsPath(':id'),
    {
      config: { access: { menu: QRCODE_URL_MENU, action: 'query' } },
      schema: {
        tags: [shortUrlResource.title],
        summary: '短链接每日访问次数 (平台时区; days: 1-366, 默认 30; 从早到晚, 无访问的日子为 0)',
        params: idParamSchema,
        querystring: visitsQuerySchema,
        response: { 200: envelopeSchema(shortUrlVisitsSchema) },
      },
    },
    async (req) => {
      const link = await readableLink(deps.db, req, req.params.id);
      const days = lastDays(zoneDate(deps.clock.now()), req.query.days);
      const rows = await deps.db
        .select({ day: shortUrlDay.day, visits: shortUrlDay.visits })
        .from(shortUrlDay)
        .where(and(eq(shortUrlDay.short_url_id, link.id), gte(shortUrlDay.day, days[0])));
      const byDay = new Map(rows.map((r) => [r.day, r.visits]));
      const visits: ShortUrlVisits = days.map((day) => ({ day, visits: byDay.get(day) ?? 0 }));
      return ok(visits);
    },
  );
}

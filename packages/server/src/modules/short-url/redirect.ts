import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SHORT_CODE_RE, SHORT_URL_PREFIX, shortUrlResource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { shortUrl } from '../../db/schema.js';
import { chinaDate } from '../../lib/china-day.js';
import { messagePage } from './html.js';
import { MSG } from './messages.js';

/** A link that leads somewhere now: enabled and not past its expiry. */
const live = (at: string) => sql`short_url.enabled and (short_url.expires_at is null or short_url.expires_at > ${at}::timestamptz)`;

/**
 * One visit of `code`: when the link leads somewhere now, its counter, its last visit and its day's count (China
 * time) go up in one statement, and its target is answered; else null and nothing changes. The row lock of the
 * UPDATE orders visits of one link, so none is lost however many arrive at once.
 */
export async function visit(db: Db, code: string, now: Date): Promise<string | null> {
  const at = now.toISOString();
  const { rows } = (await db.execute<{ target: string }>(sql`
    with hit as (
      update short_url set visits = visits + 1, last_visit_at = ${at}::timestamptz
      where code = ${code} and ${live(at)}
      returning id, target
    ), counted as (
      insert into short_url_day (short_url_id, day, visits)
      select id, ${chinaDate(now)}::date, 1 from hit
      on conflict (short_url_id, day) do update set visits = short_url_day.visits + 1
    )
    select target from hit`)) as { rows: { target: string }[] };
  return rows[0]?.target ?? null;
}

/** Why `code` leads nowhere (or where it leads, for a HEAD that counts nothing). */
async function look(db: Db, code: string, now: Date): Promise<{ target: string } | { page: keyof typeof MSG.page; status: number }> {
  const [link] = await db
    .select({ target: shortUrl.target, enabled: shortUrl.enabled, expires_at: shortUrl.expires_at })
    .from(shortUrl)
    .where(eq(shortUrl.code, code));
  if (!link) return { page: 'unknown', status: 404 };
  if (!link.enabled) return { page: 'disabled', status: 404 };
  if (link.expires_at && link.expires_at <= now) return { page: 'expired', status: 410 };
  return { target: link.target };
}

/** The Location of a target: its parsed form, so a path or host in Chinese goes out percent-encoded (a header holds no such characters). */
function location(target: string): string {
  try {
    return new URL(target).href;
  } catch {
    return target;
  }
}

function page(reply: FastifyReply, status: number, which: keyof typeof MSG.page): FastifyReply {
  const { title, text } = MSG.page[which];
  return reply.code(status).type('text/html; charset=utf-8').send(messagePage(title, text));
}

/**
 * `GET /s/{code}` at the site's root, for anyone: 302 to the target with one visit counted (never 301, and
 * not cached: a browser must come back so the next visit counts and a changed target applies); a HEAD looks
 * without counting. A link that leads nowhere answers a small Chinese page: 404 链接不存在 / 链接已停用, 410 链接已过期.
 */
export function redirectRoute(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  app.get(
    `${SHORT_URL_PREFIX}:code`,
    {
      config: { access: 'public' },
      schema: { tags: [shortUrlResource.title], summary: '短链接跳转 (302 到目标地址并计一次访问; 不存在或停用 404, 过期 410)' },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { code } = req.params as { code: string };
      if (!SHORT_CODE_RE.test(code)) return page(reply, 404, 'unknown');
      const now = clock.now();
      const target = req.method === 'HEAD' ? null : await visit(db, code, now);
      if (target) return reply.redirect(location(target), 302);
      const found = await look(db, code, now);
      if ('target' in found) return reply.redirect(location(found.target), 302);
      return page(reply, found.status, found.page);
    },
  );
  // anything else under /s/ — a code past the router's parameter limit, a nested path, nothing — is no link either
  app.get(`${SHORT_URL_PREFIX}*`, { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) =>
    page(reply.header('cache-control', 'no-store'), 404, 'unknown'),
  );
}

import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SHORT_CODE_RE, SHORT_URL_PREFIX, shortUrlResource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { shortUrl } from '../../db/schema.js';
import { zoneDate } from '../../lib/platform-zone.js';
import { DEVICE_PAGE } from './device-links.js';
import { messagePage } from './html.js';
import { MSG } from './messages.js';

/** A link that leads somewhere now: enabled and not past its expiry. */
const live = (at: string) => sql`short_url.enabled and (short_url.expires_at is null or short_url.expires_at > ${at}::timestamptz)`;

/**
 * One visit of `code`: when the link leads somewhere now, its counter, its last visit and its day's count (in the platform's
 * zone) go up in one statement, and its target is answered; else null and nothing changes. The row lock of the
 * UPDATE orders visits of one link, so none is lost however many arrive at once.
 */
export async function visit(db: Db, code: string, now: Date): Promise<Link | null> {
  const at = now.toISOString();
  const { rows } = (await db.execute<{ target: string; device_id: number | null }>(sql`
    with hit as (
      update short_url set visits = visits + 1, last_visit_at = ${at}::timestamptz
      where code = ${code} and ${live(at)}
      returning id, target, device_id
    ), counted as (
      insert into short_url_day (short_url_id, day, visits)
      select id, ${zoneDate(now)}::date, 1 from hit
      on conflict (short_url_id, day) do update set visits = short_url_day.visits + 1
    )
    select target, device_id from hit`)) as { rows: Link[] };
  return rows[0] ?? null;
}

/** Where a link leads, and the box it was made for (a box's link; else null). */
interface Link {
  target: string;
  device_id: number | null;
}

/** Why `code` leads nowhere (or where it leads, for a HEAD that counts nothing). */
async function look(db: Db, code: string, now: Date): Promise<{ link: Link } | { page: keyof typeof MSG.page; status: number }> {
  const [link] = await db
    .select({ target: shortUrl.target, device_id: shortUrl.device_id, enabled: shortUrl.enabled, expires_at: shortUrl.expires_at })
    .from(shortUrl)
    .where(eq(shortUrl.code, code));
  if (!link) return { page: 'unknown', status: 404 };
  if (!link.enabled) return { page: 'disabled', status: 404 };
  if (link.expires_at && link.expires_at <= now) return { page: 'expired', status: 410 };
  return { link: { target: link.target, device_id: link.device_id } };
}

/**
 * The Location of a link: its target's parsed form, so a path or host in Chinese goes out percent-encoded (a header
 * holds no such characters). A box's link still leading to its box's page (as made, under the console's address
 * then) goes to that page on this server, the one that answered the link: a console moved to another address
 * (short_url_base, PUBLIC_URL) keeps its printed labels working.
 */
function location({ target, device_id }: Link): string {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return target;
  }
  const page = `${DEVICE_PAGE}${device_id}`;
  return device_id !== null && `${url.pathname}${url.search}` === page ? page : url.href;
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
      const link = req.method === 'HEAD' ? null : await visit(db, code, now);
      if (link) return reply.redirect(location(link), 302);
      const found = await look(db, code, now);
      if ('link' in found) return reply.redirect(location(found.link), 302);
      return page(reply, found.status, found.page);
    },
  );
  // anything else under /s/ — a code past the router's parameter limit, a nested path, nothing — is no link either
  app.get(`${SHORT_URL_PREFIX}*`, { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) =>
    page(reply.header('cache-control', 'no-store'), 404, 'unknown'),
  );
}

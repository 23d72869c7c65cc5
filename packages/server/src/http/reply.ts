import type { FastifyReply } from 'fastify';
import { CODE, type Envelope, type ListEnvelope } from '@gw/contracts';

export function ok<T>(data: T, message = '成功'): Envelope<T> {
  return { code: CODE.ok, message, data };
}

/** The list envelope: `next` / `previous` are page numbers, null at either end. */
export function list<T>(rows: T[], page: { count: number; page: number; limit: number }): ListEnvelope<T> {
  const start = (page.page - 1) * page.limit;
  return {
    code: CODE.ok,
    message: '成功',
    data: rows,
    count: page.count,
    start,
    limit: page.limit,
    next: start + page.limit < page.count ? page.page + 1 : null,
    previous: page.page > 1 ? page.page - 1 : null,
  };
}

/**
 * A JSON answer sent past the route's response schema (an error envelope, rows already shaped): `JSON.stringify`
 * as the serializer, and the JSON content type said outright, since Fastify sets it only on the path of its own
 * serializer — without it such a body would leave with no Content-Type at all.
 */
export function jsonPastSchema(reply: FastifyReply): FastifyReply {
  return reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
}

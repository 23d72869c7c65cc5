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

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';

export const HUB_TOKEN_MSG = '集线器令牌错误 (请求头 Authorization: Bearer <VPN_HUB_TOKEN>)';

/** Equal strings, compared in time that does not depend on where they differ (digests of equal length). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The hub's own check, in place of a session: `Authorization: Bearer <VPN_HUB_TOKEN>`, else 401 in the
 * envelope. The hub is a process on the VPN host, not a user; no role or menu applies to it.
 */
export function hubTokenCheck(secret: string) {
  return async (req: FastifyRequest): Promise<void> => {
    const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, secret)) throw new AppError(401, 401, HUB_TOKEN_MSG);
  };
}

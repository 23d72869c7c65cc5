import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { BoxLink } from '../link.js';

/** What a box says of itself in its retained `state`: its firmware version and fingerprint (fixed for provisioned boxes). */
export function followBoxIdentity(_link: BoxLink, _deps: AppDeps, _log: FastifyBaseLogger): { stop(): void } {
  return { stop: () => undefined };
}

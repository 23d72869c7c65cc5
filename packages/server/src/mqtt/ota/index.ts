import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { BoxLink } from '../link.js';

/** Firmware rollouts on this node: the runner that sends upgrade commands, and the boxes' `ota` reports. */
export function startOta(_app: FastifyInstance, _link: BoxLink, _deps: AppDeps): { stop(): Promise<void> } {
  return { stop: () => Promise.resolve() };
}

import type { FastifyRequest } from 'fastify';

/** Where the request came to: its protocol and host (behind a trusted proxy, the proxy's forwarded ones). */
export const requestOrigin = (req: FastifyRequest): string => `${req.protocol}://${req.host}`;

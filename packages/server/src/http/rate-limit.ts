import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { jsonPastSchema } from './reply.js';

/** The public routes that are limited, each with its own budget per client address (config.ts, RATE_LIMIT_*). */
export type RateLimitName = 'login' | 'captcha' | 'shortLink' | 'wechat';
export type RateLimits = Record<RateLimitName, number>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Requests per minute per client address, by the named budget; over it the answer is 429. */
    rateLimit?: RateLimitName;
  }
}

export const TOO_MANY = 429;
export const tooManyMessage = (seconds: number) => `请求过于频繁,请 ${seconds} 秒后再试`;

const MINUTE_MS = 60_000;
/** Addresses remembered per budget; past it the least recently seen is forgotten (it starts full again). */
const MAX_KEYS = 100_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per key: `perMinute` tokens, refilled evenly over a minute, so a burst of a whole minute's
 * budget passes and then one request per 60/perMinute seconds. The map is kept in order of last use: a bucket
 * idle for a minute is full again, the same as no bucket, and is dropped from the front.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
    private readonly maxKeys = MAX_KEYS,
  ) {
    this.perMs = perMinute / MINUTE_MS;
  }

  /** Takes one token for `key`: 0 when the request may go, else the whole seconds until one is there. */
  take(key: string): number {
    const now = this.now();
    this.forgetIdle(now);
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(this.perMinute, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs) : this.perMinute;
    // delete and set: the key moves to the end, so the front always holds the longest idle
    this.buckets.delete(key);
    while (this.buckets.size >= this.maxKeys) this.buckets.delete(this.buckets.keys().next().value as string);
    if (tokens >= 1) {
      this.buckets.set(key, { tokens: tokens - 1, at: now });
      return 0;
    }
    this.buckets.set(key, { tokens, at: now });
    return Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000));
  }

  /** Buckets remembered now (for the memory bound's test). */
  get size(): number {
    return this.buckets.size;
  }

  private forgetIdle(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.at < MINUTE_MS) break;
      this.buckets.delete(key);
    }
  }
}

/** The four groups of an IPv6 address's /64: one host usually holds a whole /64, so it counts as one client. */
function ipv6Prefix(ip: string): string {
  const [head, tail = ''] = ip.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** The key a client is counted under: its IPv4 address (also when written IPv4-mapped), or its IPv6 /64. */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  return isIPv6(ip) ? ipv6Prefix(ip) : ip;
}

/**
 * Limits the routes that declare `config.rateLimit` to their budget per client address (req.ip, so behind a
 * load balancer TRUST_PROXY must be on). A budget of 0 is off. The count happens once the request has passed
 * its schema: a malformed request costs a parse and gets its 400, while every request that reaches the work a
 * limit protects (a password check, a captcha row, a link visit) is counted. Over the budget: HTTP 429 in the
 * envelope with Retry-After, sent here so that a route's own error handler (WeChat's answers `success`) cannot
 * turn it into something else. Budgets live in this node's memory: N nodes behind a balancer allow N times.
 */
export function registerRateLimits(app: FastifyInstance, limits: RateLimits, now: () => number): void {
  const limiters = new Map<string, RateLimiter>();
  for (const [name, perMinute] of Object.entries(limits)) if (perMinute > 0) limiters.set(name, new RateLimiter(perMinute, now));

  app.addHook('onRoute', (route) => {
    const name = route.config?.rateLimit;
    if (name !== undefined && !Object.hasOwn(limits, name)) throw new Error(`路由 ${String(route.method)} ${route.url} 声明了未知的限流 ${String(name)}`);
  });

  app.addHook('preHandler', async (req, reply) => {
    const name = req.routeOptions.config?.rateLimit;
    const limiter = name && limiters.get(name);
    if (!limiter) return;
    const wait = limiter.take(clientKey(req.ip));
    if (wait === 0) return;
    // no log line per refusal: a flood would fill the log; the metrics count 429s by route
    return jsonPastSchema(reply.code(TOO_MANY).header('retry-after', String(wait)).header('cache-control', 'no-store')).send({
      code: TOO_MANY,
      message: tooManyMessage(wait),
      data: null,
    });
  });
}

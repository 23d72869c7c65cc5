import { z } from 'zod';

/**
 * Body codes of the API contract the console relies on. HTTP statuses carry the rest: 400 bad input, 401 missing
 * permission bit, 403 licence missing or expired, 409 licence count exceeded, 410 wrong password, 497 silent.
 */
export const CODE = {
  ok: 200,
  /** Session missing, expired or revoked: the console clears storage and goes to login. */
  sessionInvalid: 401,
  /** Smallest business refusal; the console shows the message for 5 s. */
  refused: 300,
} as const;

export const HTTP = {
  badRequest: 400,
  noPermission: 401,
  unlicensed: 403,
  notFound: 404,
  licenceCount: 409,
  wrongPassword: 410,
  silent: 497,
  internal: 500,
} as const;

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export interface ListEnvelope<T> extends Envelope<T[]> {
  count: number;
  start: number;
  limit: number;
  next: number | null;
  previous: number | null;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), message: z.string(), data });

export const listEnvelopeSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    code: z.number(),
    message: z.string(),
    data: z.array(item),
    count: z.number(),
    start: z.number(),
    limit: z.number(),
    next: z.number().nullable(),
    previous: z.number().nullable(),
  });

/** The body of every failure: `request_id` lets an administrator find the log line of a 500. */
export const errorBodySchema = z.object({
  code: z.number(),
  message: z.string(),
  data: z.null(),
  request_id: z.string().optional(),
  count: z.number().optional(),
});

/** Largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;
export const idSchema = z.number().int().positive().max(MAX_ID);
export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** A list filter holding an id (query strings carry it as text). */
export const idFilterSchema = z.coerce.number().int().positive().max(MAX_ID);

/** Query values `true` / `false` of a yes/no filter (a boolean is accepted too, as a stored filter holds it). */
export const booleanParamSchema = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  keywords: z.string().trim().max(100).optional(),
  start_date: z.string().max(40).optional(),
  end_date: z.string().max(40).optional(),
  sort: z.string().max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configUpdateSchema, loginBodySchema, rolloutCreateSchema, versionCreateSchema } from '@gw/contracts';
import { z } from 'zod';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../test/harness.js';
import { BODY_CEILING_BYTES, bodyLimitFor, largestJson } from './body-limit.js';

const KB = 1024;

describe('largestJson', () => {
  it('measures the longest JSON text a schema accepts, every character escaped', () => {
    expect(largestJson(z.string().max(10))).toBe(62);
    expect(largestJson(z.object({ a: z.string().max(1), n: z.number().optional() }))).toBe(2 + (3 + 2 + 8) + (3 + 2 + 24));
    expect(largestJson(z.array(z.enum(['ab', 'c'])).max(3))).toBe(2 + 3 * 5);
    expect(largestJson(z.union([z.literal('x'), z.boolean()]).nullable())).toBe(5);
    expect(largestJson(z.string().trim().max(4).default(''))).toBe(26);
  });

  it('is unbounded for a string or array without a largest length, a record or any value', () => {
    for (const schema of [z.string(), z.array(z.number()), z.record(z.string(), z.number()), z.unknown(), z.object({ a: z.string() })]) {
      expect(largestJson(schema)).toBe(Infinity);
    }
    expect(largestJson(undefined)).toBe(Infinity);
  });
});

describe('bodyLimitFor', () => {
  it('keeps small and unbounded bodies to the default and gives a long text or id list what its schema holds', () => {
    expect(bodyLimitFor(loginBodySchema, 256 * KB)).toBe(256 * KB);
    expect(bodyLimitFor(undefined, 256 * KB)).toBe(256 * KB);
    // the open parts share the default on top of the bounded ones
    expect(bodyLimitFor(z.object({ a: z.string(), b: z.string() }), 256 * KB)).toBe(256 * KB + 2 + 5 + 5);
    expect(bodyLimitFor(z.object({ a: z.string(), b: z.string().max(10_000) }), 256 * KB)).toBe(256 * KB + 2 + 5 + 5 + 60_002);
    // 100,000 characters of a config value or a changelog
    expect(bodyLimitFor(configUpdateSchema, 256 * KB)).toBeGreaterThan(600_000);
    expect(bodyLimitFor(versionCreateSchema, 256 * KB)).toBeGreaterThan(600_000);
    // a rollout to 100,000 boxes, at most the ceiling
    expect(bodyLimitFor(rolloutCreateSchema, 256 * KB)).toBe(BODY_CEILING_BYTES);
  });
});

describe('body limits per route', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('answers a JSON body over a small route’s limit with 413 in the envelope, naming the limit', async () => {
    const res = await t.api('POST', '/user/login', { body: { username: 'admin', password: 'x'.repeat(300 * KB) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: '请求体过大,不能超过 256 KB', data: null });
    const put = await t.api('PUT', '/user/info', { token, body: { name: '名'.repeat(100 * KB) } });
    expect(put.json()).toMatchObject({ code: 413, data: null });
  });

  it('still takes a rollout to 60,000 boxes (a body above the default) and reads it', async () => {
    const ids = Array.from({ length: 60_000 }, (_, i) => 1_000_000 + i);
    const body = { version_id: 2_000_000_000, target: { type: 'device', ids }, batch_size: 100 };
    expect(JSON.stringify(body).length).toBeGreaterThan(256 * KB);
    const res = await t.api('POST', '/system/rollout', { token, body });
    expect(res.statusCode).not.toBe(413);
    // the body was parsed and checked: the version does not exist
    expect(res.json().message).not.toMatch(/请求体过大/);
    expect(res.json().code).not.toBe(200);
  });

  it('takes a bulk delete of the most ids the route allows', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => 1_000_000_000 + i);
    const res = await t.api('DELETE', '/manager/custom', { token, body: { ids } });
    // read and checked: none of those companies exists
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/不存在/);
  });
});

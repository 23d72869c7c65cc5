import type { UserInfo } from '@gw/contracts';
import { vi } from 'vitest';
import { API_BASE } from '../settings';

/** Answers one call; `url` carries the query (e.g. `url.searchParams.get('customer_id')`). */
type Handler = (body: unknown, url: URL) => unknown;

export interface ApiCall {
  method: string;
  /** Path under the API base, e.g. '/user/login'. */
  path: string;
  body: unknown;
  /** The TOKEN header sent. */
  token: string | undefined;
}

export const ok = <T>(data: T) => ({ code: 200, message: '', data });

/** A Response with a JSON body (for a handler that needs a status or a body code). */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stubs `fetch` with handlers keyed 'METHOD /path' (path under /custom/api/v1). A handler returns a body (sent
 * with HTTP 200) or a Response. Unknown calls answer 404. Undo with `vi.unstubAllGlobals()`.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(API_BASE, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const token = (init?.headers as Record<string, string> | undefined)?.TOKEN;
    calls.push({ method, path, body, token });
    const handler = handlers[`${method} ${path}`];
    if (!handler) return json({ code: 404, message: 'not mocked', data: null }, 404);
    const result = await handler(body, url);
    return result instanceof Response ? result : json(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A user info body as GET /user/info answers it. */
export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 2,
    username: 'zhang',
    name: '张三',
    avatar: '',
    email: '',
    phone: '',
    wx_openid: '',
    roles: [{ id: 3, name: 'operator' }],
    all_roles: [{ id: 3, name: 'operator' }],
    role_menu: [],
    super_user: false,
    // the super user sees everything; anyone else here is a customer's user unless the test says
    scope: overrides.super_user ? 'all' : 'own',
    customer_id: null,
    custom: null,
    ...overrides,
  };
}

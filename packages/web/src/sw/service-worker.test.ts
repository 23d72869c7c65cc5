import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import source from '../../public/service-worker.js?raw';

const ORIGIN = 'http://console.test';

interface FakeResponse {
  ok: boolean;
  type: string;
  body: string;
  clone(): FakeResponse;
}
const response = (body: string): FakeResponse => ({ ok: true, type: 'basic', body, clone: () => response(body) });
type Key = string | { url: string };
const keyOf = (key: Key) => (typeof key === 'string' ? new URL(key, ORIGIN).href : key.url);

/** Runs public/service-worker.js against a fake worker scope; returns how a fetch event would be answered. */
function loadWorker() {
  const listeners: Record<string, (event: unknown) => void> = {};
  const stored = new Map<string, FakeResponse>();
  const cache = {
    put: vi.fn((key: Key, res: FakeResponse) => void stored.set(keyOf(key), res)),
    match: vi.fn((key: Key) => Promise.resolve(stored.get(keyOf(key)))),
  };
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] = fn),
    skipWaiting: vi.fn(),
    clients: { claim: vi.fn() },
  };
  const caches = { open: vi.fn(() => Promise.resolve(cache)), keys: () => Promise.resolve([]), delete: vi.fn() };
  const fetch = vi.fn((_req: unknown) => Promise.resolve(response('network')));
  runInNewContext(source, { self, caches, fetch, URL });

  /** The response the worker gives, or 'browser' when it leaves the request alone. */
  async function request(path: string, init: { method?: string; mode?: string } = {}): Promise<string> {
    let answer: Promise<FakeResponse> | undefined;
    listeners.fetch({
      request: { url: ORIGIN + path, method: init.method ?? 'GET', mode: init.mode ?? 'cors' },
      respondWith: (p: Promise<FakeResponse>) => (answer = p),
    });
    return answer ? (await answer).body : 'browser';
  }
  return { request, fetch, cache, self, message: (data: unknown) => listeners.message({ data }) };
}

describe('service worker script', () => {
  let worker: ReturnType<typeof loadWorker>;
  beforeEach(() => {
    worker = loadWorker();
  });

  it('serves the app shell network-first and falls back to the cached copy offline', async () => {
    expect(await worker.request('/custom/system/role', { mode: 'navigate' })).toBe('network');
    worker.fetch.mockRejectedValue(new TypeError('offline'));
    expect(await worker.request('/custom/dashboard', { mode: 'navigate' })).toBe('network');
    await expect(worker.request('/custom/assets/never-seen.js')).rejects.toThrow('offline');
  });

  it('never touches the API, uploads, other methods or paths outside /custom/', async () => {
    for (const path of ['/custom/api/v1/user/info', '/custom/uploads/a.png', '/other/']) {
      expect(await worker.request(path)).toBe('browser');
    }
    expect(await worker.request('/custom/x', { method: 'POST' })).toBe('browser');
    expect(worker.fetch).not.toHaveBeenCalled();
    expect(worker.cache.put).not.toHaveBeenCalled();
  });

  it('takes over only when the page asks (the 刷新 button)', () => {
    worker.message({ type: 'other' });
    expect(worker.self.skipWaiting).not.toHaveBeenCalled();
    worker.message({ type: 'SKIP_WAITING' });
    expect(worker.self.skipWaiting).toHaveBeenCalledOnce();
  });
});

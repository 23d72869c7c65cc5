import { HUB_API, HUB_API_PREFIX, HUB_WATCH_SECONDS, type HubFeed, type HubStatusReport, hubFeedSchema } from '@gw/contracts';

/** The platform could not be asked, or answered something other than what was asked (one line why). */
export class PlatformError extends Error {
  override readonly name = 'PlatformError';
}

/** What the hub asks of the platform. */
export interface Platform {
  /** The desired state now. */
  state(signal?: AbortSignal): Promise<HubFeed>;
  /** The state once its version is not `version`, or the same state after the platform's wait. */
  watch(version: string, signal?: AbortSignal): Promise<HubFeed>;
  /** Every peer's last handshake and counters. */
  report(status: HubStatusReport, signal?: AbortSignal): Promise<void>;
}

/** A request that gets no answer this long has failed: a plain request, and a watch beyond the platform's wait. */
const REQUEST_MS = 10_000;
const WATCH_MS = (HUB_WATCH_SECONDS + 10) * 1000;

/** The platform at `api` (its base URL), with the shared secret as the bearer token. */
export function platformClient(api: string, token: string, fetchFn: typeof fetch = fetch): Platform {
  async function call(method: 'GET' | 'POST', path: string, timeoutMs: number, signal?: AbortSignal, body?: unknown): Promise<unknown> {
    const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
    let res: Response;
    try {
      res = await fetchFn(`${api}${HUB_API_PREFIX}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new PlatformError(`平台不可达 (platform unreachable): ${api} — ${cause ?? (error as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    let envelope: { code?: unknown; message?: unknown; data?: unknown } = {};
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      // said below
    }
    if (res.status !== 200 || envelope.code !== 200) {
      const said = typeof envelope.message === 'string' ? envelope.message : text.slice(0, 120);
      throw new PlatformError(`平台拒绝 (platform refused) ${method} ${path}: HTTP ${res.status} ${said}`);
    }
    return envelope.data;
  }
  const feed = (data: unknown, path: string) => {
    const parsed = hubFeedSchema.safeParse(data);
    if (!parsed.success) throw new PlatformError(`平台返回的状态格式不正确 (malformed state from ${path}): ${parsed.error.issues[0]?.message ?? ''}`);
    return parsed.data;
  };
  return {
    state: async (signal) => feed(await call('GET', HUB_API.state, REQUEST_MS, signal), HUB_API.state),
    watch: async (version, signal) => feed(await call('GET', `${HUB_API.watch}?version=${encodeURIComponent(version)}`, WATCH_MS, signal), HUB_API.watch),
    report: async (status, signal) => void (await call('POST', HUB_API.status, REQUEST_MS, signal, status)),
  };
}

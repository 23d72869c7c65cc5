import type { Envelope } from '@gw/contracts';
import { API_BASE, BASE_PATH, ERROR_TOAST_SECONDS, REQUEST_TIMEOUT_MS } from '../settings';
import { getToken } from './auth';
import { toast } from './notify';

export interface RequestOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, unknown>;
  data?: unknown;
  /** 'blob' for Excel and other files: the response passes through untouched (unless it is the JSON envelope). */
  responseType?: 'json' | 'blob';
  headers?: Record<string, string>;
  timeout?: number;
  /** No toast when the call is refused: a fetch made ahead of need, which is asked again, toasts and all, when needed. */
  quiet?: boolean;
}

/** A rejected call: `status` is the HTTP status, `code` the body code when there was one. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/**
 * Body code 401: the server has ended the session (the client has already cleared storage). Its own class because
 * only this answer, not a network failure, a time-out or an aborted request, may log the user out.
 */
export class SessionExpiredError extends RequestError {
  constructor(message: string, body: unknown) {
    super(message, 200, 401, body);
  }
}

/** The toast for each HTTP error status; 497 is a failure swallowed silently (e.g. a duplicate submission). */
export const HTTP_MESSAGES: Record<number, string> = {
  403: '未授权或授权已过期',
  409: '当前型号启用数量超出授权数量,授权数量为',
  401: '您没有权限访问',
  400: '参数错误',
  410: '密码错误',
  497: '',
};
export const NETWORK_ERROR = '网络错误,请检查网络.';

/** Called on body code 401: the session is gone; clear storage and go to login with the current path. */
let onSessionExpired = () => {
  localStorage.clear();
  const here = window.location.pathname.replace(/^\/custom/, '') + window.location.search;
  if (!here.startsWith('/login')) window.location.assign(`${BASE_PATH}login?redirect=${encodeURIComponent(here || '/')}`);
};
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}
/** The session is gone (an API answer or the live channel said so): whatever handler is set runs. */
export const sessionExpired = (): void => onSessionExpired();

/**
 * The file name a Content-Disposition header gives (`filename*=UTF-8''…` before the plain `filename="…"`), or
 * undefined without one.
 */
export function attachmentName(disposition: string): string | undefined {
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed encoding: the plain name below
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1];
}

function buildUrl(url: string, params?: Record<string, unknown>): string {
  const full = /^https?:\/\//.test(url) || url.startsWith('/custom/') ? url : `${API_BASE}${url.startsWith('/') ? '' : '/'}${url}`;
  if (!params) return full;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.append(key, typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value));
  }
  const text = query.toString();
  return text ? `${full}${full.includes('?') ? '&' : '?'}${text}` : full;
}

/**
 * The console's one HTTP client: TOKEN header, 50 s time-out, the body-code and HTTP-status rules
 * with their Chinese toasts. Resolves with the whole envelope (lists keep count/next/previous).
 */
export async function request<T = unknown>(options: RequestOptions): Promise<Envelope<T> & Record<string, unknown>> {
  const token = getToken();
  const isForm = typeof FormData !== 'undefined' && options.data instanceof FormData;
  const headers: Record<string, string> = { ...(token ? { TOKEN: token } : {}), ...options.headers };
  if (options.data !== undefined && !isForm) headers['content-type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeout ?? REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(buildUrl(options.url, options.params), {
      method: options.method ?? 'GET',
      headers,
      body: options.data === undefined ? undefined : isForm ? (options.data as FormData) : JSON.stringify(options.data),
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    throw new RequestError(NETWORK_ERROR, 0);
  }
  clearTimeout(timer);

  if (response.ok) {
    const type = response.headers.get('content-type') ?? '';
    const disposition = response.headers.get('content-disposition') ?? '';
    // a file asked for may still be refused with the JSON envelope (已下载, 无权访问): that is read as one; an
    // attachment is a file whatever its type (a JSON file for a tool is not an envelope)
    const attached = /^\s*attachment/i.test(disposition);
    if (attached || (!type.includes('application/json') && (options.responseType === 'blob' || type.includes('spreadsheetml') || type.includes('octet-stream')))) {
      return { code: 200, message: '', data: (await response.blob()) as T, file_name: attachmentName(disposition) };
    }
    let body: Envelope<T> & Record<string, unknown>;
    try {
      body = (await response.json()) as Envelope<T> & Record<string, unknown>;
    } catch {
      throw new RequestError(NETWORK_ERROR, response.status);
    }
    if (body.code === 401) {
      sessionExpired();
      throw new SessionExpiredError(body.message || '登录已过期,请重新登录', body);
    }
    if (typeof body.code === 'number' && body.code >= 300) {
      if (!options.quiet) toast.error(body.message || 'Error', ERROR_TOAST_SECONDS);
      throw new RequestError(body.message || 'Error', 200, body.code, body);
    }
    return body;
  }

  let body: Record<string, unknown> | undefined;
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    body = undefined;
  }
  const status = response.status;
  if (status in HTTP_MESSAGES) {
    let text = HTTP_MESSAGES[status];
    if (status === 409) text += typeof body?.count === 'number' ? String(body.count) : '';
    // the server's 400 names the field and the reason after the same words; show it when it has one
    if (status === 400 && typeof body?.message === 'string' && body.message.startsWith(text)) text = body.message;
    if (text && !options.quiet) toast.error(text, ERROR_TOAST_SECONDS);
    throw new RequestError(text, status, typeof body?.code === 'number' ? body.code : status, body);
  }
  throw new RequestError(NETWORK_ERROR, status, undefined, body);
}

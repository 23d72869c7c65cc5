import { REQUEST_TIMEOUT_MS } from '../../settings';
import { getToken } from '../../utils/auth';
import { UPLOAD_MESSAGES } from './messages';

export interface UploadedFile {
  name: string;
  url: string;
}

export type SendResult =
  | { ok: true; file: UploadedFile }
  /** `network`: no usable answer at all (offline, time-out, a proxy's HTML error page). */
  | { ok: false; network: boolean; message: string };

interface Body {
  code?: number;
  message?: string;
  data?: Partial<UploadedFile>;
}

/**
 * Posts one file as multipart field `name` with the TOKEN header. Any answer whose body code is under 400 counts
 * as success; without a body code the HTTP status decides.
 */
export async function sendFile(file: File, { action, name }: { action: string; name: string }): Promise<SendResult> {
  const form = new FormData();
  form.append(name, file, file.name);
  const token = getToken();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  let body: Body;
  try {
    response = await fetch(action, { method: 'POST', body: form, headers: token ? { TOKEN: token } : {}, signal: controller.signal });
    body = (await response.json()) as Body;
  } catch {
    return { ok: false, network: true, message: UPLOAD_MESSAGES.networkFailed };
  } finally {
    clearTimeout(timer);
  }
  const code = typeof body?.code === 'number' ? body.code : response.status;
  const url = body?.data?.url;
  if (code < 400 && typeof url === 'string' && url) return { ok: true, file: { name: body.data?.name || file.name, url } };
  return { ok: false, network: false, message: body?.message || `${response.status}` };
}

/** The one toast after a batch: all uploaded, some failed, all failed, or the network failed. */
export function batchMessage(results: readonly SendResult[]): { type: 'success' | 'warning' | 'error'; text: string } | null {
  if (!results.length) return null;
  const failed = results.filter((r): r is Extract<SendResult, { ok: false }> => !r.ok);
  if (!failed.length) return { type: 'success', text: UPLOAD_MESSAGES.success };
  if (failed.length < results.length) return { type: 'warning', text: UPLOAD_MESSAGES.someFailed };
  return failed.every((r) => r.network)
    ? { type: 'error', text: UPLOAD_MESSAGES.networkFailed }
    : { type: 'error', text: UPLOAD_MESSAGES.allFailed };
}

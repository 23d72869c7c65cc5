import { request } from '../../utils/request';
import type { ExportJob, ImportResult } from '@gw/contracts';
import type { Id } from './types';

export interface ListPage<T> {
  rows: T[];
  total: number;
}

const IMPORT_TIMEOUT_MS = 10 * 60_000;

/** The endpoints every resource at `path` answers: list, get, create, update, delete, actions, export, import. */
export function resourceApi<T>(path: string) {
  return {
    async list(params: Record<string, unknown>): Promise<ListPage<T>> {
      const res = await request<T[]>({ url: path, params });
      return { rows: res.data ?? [], total: typeof res.count === 'number' ? res.count : (res.data ?? []).length };
    },
    get: async (id: Id) => (await request<T>({ url: `${path}/${id}` })).data,
    create: async (body: object) => (await request<T>({ url: path, method: 'POST', data: body })).data,
    update: async (id: Id, body: object) => (await request<T>({ url: `${path}/${id}`, method: 'PUT', data: body })).data,
    remove: async (id: Id) => void (await request({ url: `${path}/${id}`, method: 'DELETE' })),
    removeMany: async (ids: Id[]) => (await request<{ deleted: number }>({ url: path, method: 'DELETE', data: { ids } })).data,
    /** A declared bulk action, `POST P/{name}` with `{ids, ...body}`; the whole answer, for its message. */
    bulk: (name: string, ids: Id[], body: object = {}) => request<unknown>({ url: `${path}/${name}`, method: 'POST', data: { ...body, ids } }),
    /** A declared row action, `POST P/{id}/{name}`; the whole answer, for its message. */
    act: (id: Id, name: string, body?: object) => request<unknown>({ url: `${path}/${id}/${name}`, method: 'POST', data: body }),
    startExport: async (filters: Record<string, unknown>) =>
      (await request<ExportJob>({ url: `${path}/export`, method: 'POST', data: { filters } })).data,
    template: async () => (await request<Blob>({ url: `${path}/import/template`, responseType: 'blob' })).data,
    import: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      // up to 10,000 rows are checked and saved in one request: more than the usual 50 s on a busy server
      return (await request<ImportResult>({ url: `${path}/import`, method: 'POST', data: form, timeout: IMPORT_TIMEOUT_MS })).data;
    },
  };
}

/** Fetches a file with the TOKEN header (`url` under the API base, or an absolute /custom/api/v1/… path). */
export async function fetchFile(url: string): Promise<Blob> {
  return (await request<Blob>({ url, responseType: 'blob' })).data;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

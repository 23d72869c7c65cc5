import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';

/** The multipart field that carries files; other fields are ignored. */
export const FILE_FIELD = 'file';

export const MULTIPART_MSG = {
  notMultipart: '请以 multipart/form-data 上传文件,字段名 file',
  malformed: '参数错误 file: 上传的表单数据不完整或格式不正确,请重新上传',
  tooLarge: (mb: number) => `文件过大,不能超过 ${mb} MB`,
} as const;

/**
 * What a failure while reading a multipart body means. A body cut off before its closing boundary, a boundary
 * that does not match the header or is missing, a broken part header: the client's fault, a 400. A failed
 * system call (the disk is full) stays ours; the framework's own limits keep their 4xx.
 */
export function multipartFailure(err: unknown, maxMb: number): unknown {
  if (err instanceof AppError) return err;
  const e = (err ?? {}) as { code?: unknown; syscall?: unknown; statusCode?: unknown };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return badRequest(MULTIPART_MSG.tooLarge(maxMb));
  if (typeof e.syscall === 'string') return err;
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return err;
  return badRequest(MULTIPART_MSG.malformed);
}

/**
 * Runs `read` over the request's multipart body and turns the client's broken bodies into 400s. Whatever
 * `read` wrote before the failure is its own to remove (it knows where it wrote).
 */
export async function readMultipart<T>(req: FastifyRequest, maxMb: number, read: () => Promise<T>, notMultipart: string = MULTIPART_MSG.notMultipart): Promise<T> {
  if (!req.isMultipart()) throw badRequest(notMultipart);
  try {
    return await read();
  } catch (err) {
    throw multipartFailure(err, maxMb);
  }
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { CODE, HTTP, own } from '@gw/contracts';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError } from './errors.js';
import { jsonPastSchema } from './reply.js';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是合法的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体为空,但声明为 JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度不正确',
  FST_REQ_FILE_TOO_LARGE: '文件过大',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请以 multipart/form-data 上传文件',
  FST_FILES_LIMIT: '文件数量超出限制',
  FST_PARTS_LIMIT: '表单字段数量超出限制',
  FST_PROTO_VIOLATION: '参数错误 表单字段名不合法',
};

/** The SQLSTATE of a database error, looking through the ORM's wrapping. */
function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const SQL_REFUSALS: Record<string, string> = {
  '23505': '数据已存在,不能重复',
  '23503': '存在关联数据,无法完成操作',
};

/** The answer to a JSON body over its route's limit. */
function bodyTooLarge(limit: number | undefined): string {
  if (!limit) return '请求体过大';
  return limit >= 1024 * 1024 ? `请求体过大,不能超过 ${+(limit / 1024 / 1024).toFixed(1)} MB` : `请求体过大,不能超过 ${Math.floor(limit / 1024)} KB`;
}

/** The answer to a body of a type the route does not read (text/plain on a JSON route, XML, a form). */
function unsupportedType(contentType: string | undefined): string {
  const type = (contentType ?? '').split(';')[0].trim().slice(0, 60);
  return `参数错误 不支持的请求内容类型${type ? ` ${type}` : ''},请以 application/json 提交`;
}

/**
 * Failures of the router before any route runs (a path parameter over the length limit, a URL that cannot be
 * decoded): Fastify's `frameworkErrors`, answered as 400 in the envelope like every other bad input.
 */
export function frameworkErrorReply(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  if (error.code !== 'FST_ERR_MAX_PARAM_LENGTH' && error.code !== 'FST_ERR_BAD_URL') {
    req.log.error({ err: error }, 'router failure');
    void jsonPastSchema(reply).status(HTTP.internal).send({ code: HTTP.internal, message: '服务器内部错误,请联系管理员', data: null });
    return;
  }
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '参数错误 路径参数过长' : '参数错误 请求地址格式不正确';
  void jsonPastSchema(reply).status(HTTP.badRequest).send({ code: HTTP.badRequest, message, data: null });
}

function fieldOf(path: string, context: string | undefined): string {
  const field = path.replace(/^\//, '').replaceAll('/', '.');
  return field || (context === 'body' ? '请求体' : (context ?? '参数'));
}

/**
 * Every failure leaves as the `{code, message, data: null}` envelope: validation → 400 naming field and reason;
 * AppError → its status and code; the database out of reach → 503 (try again); other 4xx from the framework →
 * same status with a Chinese message; anything else → 500 with the request id and nothing of the stack.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, rawReply) => {
    // The route's response schema describes success; an error envelope bypasses it.
    const reply = jsonPastSchema(rawReply);
    if (error instanceof AppError) {
      return reply.status(error.status).send({ code: error.code, message: error.message, data: null, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const parts = error.validation.map((v) => `${fieldOf(v.instancePath, error.validationContext)}: ${v.message}`);
      return reply.status(HTTP.badRequest).send({ code: HTTP.badRequest, message: `参数错误 ${parts.join('; ')}`, data: null });
    }
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ code: 503, message: '数据库暂时不可用,请稍后重试', data: null });
    }
    const sqlState = sqlStateOf(error);
    if (sqlState?.startsWith('22')) {
      // data exceptions: a value the database cannot hold (out of range, NUL byte, bad format)
      return reply.status(HTTP.badRequest).send({ code: HTTP.badRequest, message: '参数错误 数据格式或取值范围不正确', data: null });
    }
    const refusal = sqlState && own(SQL_REFUSALS, sqlState);
    if (refusal) {
      return reply.status(200).send({ code: CODE.refused, message: refusal, data: null });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const known = own(FASTIFY_MESSAGES, error.code);
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        // the route's own limit (http/body-limit.ts), so the client knows how much it may send
        const code = 413;
        return reply.status(code).send({ code, message: bodyTooLarge(req.routeOptions.bodyLimit), data: null });
      }
      const message = status === 415 ? unsupportedType(req.headers['content-type']) : (known ?? `参数错误 ${error.message}`);
      // a body of a type the route does not read (or a file over its limit) is bad input like any other: 400
      const code = status === 413 || status === 415 ? HTTP.badRequest : status;
      return reply.status(code).send({ code, message, data: null });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply
      .status(HTTP.internal)
      .send({ code: HTTP.internal, message: `服务器内部错误,请联系管理员 (请求编号 ${req.id})`, data: null, request_id: req.id });
  });

}

import { CODE, HTTP } from '@gw/contracts';

/**
 * A failure the client is meant to see. `status` is the HTTP status, `code` the body code; the error handler
 * turns it into the `{code, message, data: null}` envelope.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A business rule said no: HTTP 200, body code ≥ 300, message shown to the user for 5 s. */
export const refused = (message: string, code: number = CODE.refused) => new AppError(200, code, message);

/** Session missing, expired or revoked: the console clears its storage and goes to login. */
export const sessionInvalid = (message = '登录已过期,请重新登录') => new AppError(200, CODE.sessionInvalid, message);

/** Authenticated, but the role lacks the menu/action bit. */
export const noPermission = () => new AppError(HTTP.noPermission, HTTP.noPermission, '您没有权限访问');

export const badRequest = (message: string) => new AppError(HTTP.badRequest, HTTP.badRequest, message);

export const wrongPassword = (message = '密码错误') => new AppError(HTTP.wrongPassword, HTTP.wrongPassword, message);

/** Also the answer for a row outside the caller's data scope, so guessing ids reveals nothing. */
export const notFound = (what = '记录') => new AppError(HTTP.notFound, HTTP.notFound, `${what}不存在`);

/** Licence missing or expired (the fleet's licensed features). */
export const unlicensed = () => new AppError(HTTP.unlicensed, HTTP.unlicensed, '未授权或授权已过期');

/** Enabling one more machine tool would pass the licensed count. */
export const licenceCountExceeded = (count: number) =>
  new AppError(HTTP.licenceCount, HTTP.licenceCount, `当前型号启用数量超出授权数量,授权数量为${count}`, { count });

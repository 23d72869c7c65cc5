import { HTTP } from '@gw/contracts';
import { AppError, refused } from '../../http/errors.js';
import { BoxCommandError, type BoxReply } from './types.js';

const STATUS_MESSAGES: Record<number, string> = {
  [HTTP.badRequest]: '设备拒绝了请求: 参数错误',
  [HTTP.unlicensed]: '未授权或授权已过期',
  [HTTP.notFound]: '设备上不存在该接口',
  [HTTP.licenceCount]: '当前型号启用数量超出授权数量',
  [HTTP.wrongPassword]: '密码错误',
};

/** The box's own message when it sent one as text (or `{message}`), else `fallback`. */
function boxMessage(msg: unknown, fallback: string): string {
  if (typeof msg === 'string' && msg.trim()) return msg.slice(0, 200);
  if (msg && typeof msg === 'object' && typeof (msg as { message?: unknown }).message === 'string') return (msg as { message: string }).message.slice(0, 200);
  return fallback;
}

/**
 * A box's reply mapped onto the API's statuses: ret 0 answers (returns the msg); 409 → HTTP 409 with `count`
 * at the top level; 410, 403, 400, 404 → those statuses; anything else a business refusal.
 */
export function boxAnswer(reply: BoxReply): unknown {
  if (reply.ret === 0) return reply.msg;
  const msg = reply.msg;
  if (reply.ret === HTTP.licenceCount) {
    const count = msg && typeof msg === 'object' ? Number((msg as { count?: unknown }).count ?? 0) || 0 : 0;
    return fail(new AppError(HTTP.licenceCount, HTTP.licenceCount, `当前型号启用数量超出授权数量,授权数量为${count}`, { count }));
  }
  const known = STATUS_MESSAGES[reply.ret];
  if (known) return fail(new AppError(reply.ret, reply.ret, boxMessage(msg, known)));
  return fail(refused(boxMessage(msg, `设备返回错误 (${reply.ret})`)));
}

function fail(error: Error): never {
  throw error;
}

/** 设备不在线 / 设备无响应 as business refusals; any other error as is. */
export function boxFailure(error: unknown): never {
  if (error instanceof BoxCommandError) throw refused(error.message);
  throw error;
}

/** Sends and answers in the API contract: the reply's msg on ret 0, else the mapped failure. */
export async function boxCall(send: () => Promise<BoxReply>): Promise<unknown> {
  let reply: BoxReply;
  try {
    reply = await send();
  } catch (error) {
    return boxFailure(error);
  }
  return boxAnswer(reply);
}

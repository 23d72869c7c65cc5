import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { boxEchoSchema, boxTopic } from '@gw/contracts';
import type { CoreDeps } from '../../app-deps.js';
import { device } from '../../db/schema.js';
import type { BoxLink } from '../link.js';
import { pushLicenseWhenReachable } from './license.js';
import { BoxCommandError, type BoxCommands, type BoxReply } from './types.js';

interface Pending {
  gatewayId: string;
  resolve(reply: BoxReply): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Commands over `control/<gw>/v1` answered on `echo/<gw>/v1`: each command carries a fresh cmd_id, the echo
 * with that id (from the same box) resolves it. A box not online fails at once (设备不在线) without a publish;
 * no echo within the timeout fails with 设备无响应. Echoes nobody waits for (late, unknown, malformed) are
 * counted and logged, never fatal.
 */
export function startCommands(link: BoxLink, deps: CoreDeps): BoxCommands & { stop(): void; stats: { ignoredEchoes: number } } {
  const pending = new Map<string, Pending>();
  const stats = { ignoredEchoes: 0 };
  const ignore = (gatewayId: string, why: string) => {
    stats.ignoredEchoes += 1;
    console.warn(`忽略设备 ${gatewayId} 的回复: ${why}`);
  };
  // through an external broker every node hears every echo (echo/+/v1 is not shared): most replies this node
  // waits for nothing of answer another node's commands, and a line for each would drown the log
  const othersEchoes = !link.seesConnections;

  link.onMessage('echo', async ({ gatewayId, payload }) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      return ignore(gatewayId, '不是 JSON');
    }
    const echo = boxEchoSchema.safeParse(parsed);
    if (!echo.success) return ignore(gatewayId, '格式错误');
    const waiting = pending.get(echo.data.cmd_id);
    if (!waiting && othersEchoes) return void (stats.ignoredEchoes += 1);
    if (!waiting || waiting.gatewayId !== gatewayId) return ignore(gatewayId, `未知的 cmd_id ${echo.data.cmd_id}`);
    pending.delete(echo.data.cmd_id);
    clearTimeout(waiting.timer);
    waiting.resolve({ ret: echo.data.ret, msg: echo.data.msg ?? null });
  });

  const commands: BoxCommands & { stop(): void; stats: { ignoredEchoes: number } } = {
    stats,
    async send(gatewayId, command, options) {
      if (!options?.reachable) {
        const [box] = await deps.db.select({ online: device.online }).from(device).where(eq(device.gateway_id, gatewayId));
        if (!box?.online) throw new BoxCommandError('offline');
      }
      const timeoutMs = options?.timeoutMs ?? deps.config.boxCommandTimeoutSeconds * 1000;
      const cmdId = randomUUID();
      const reply = new Promise<BoxReply>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(cmdId);
          reject(new BoxCommandError('timeout'));
        }, timeoutMs);
        pending.set(cmdId, { gatewayId, resolve, reject, timer });
      });
      try {
        await link.publish(boxTopic('control', gatewayId), JSON.stringify({ cmd_id: cmdId, method: command.method, url: command.url, data: command.data }));
      } catch (error) {
        const waiting = pending.get(cmdId);
        if (waiting) {
          clearTimeout(waiting.timer);
          pending.delete(cmdId);
          waiting.reject(new BoxCommandError('offline'));
        }
        console.warn(`向设备 ${gatewayId} 发送指令失败`, error);
      }
      return reply;
    },
    stop() {
      for (const [id, waiting] of pending) {
        clearTimeout(waiting.timer);
        pending.delete(id);
        waiting.reject(new BoxCommandError('timeout'));
      }
      stopPushes();
    },
  };
  const stopPushes = pushLicenseWhenReachable(link, deps, commands);
  return commands;
}

import type { BoxCommand } from '@gw/contracts';

/** A box's answer to a command: ret 0 is success, otherwise the HTTP status the box chose. */
export interface BoxReply {
  ret: number;
  msg: unknown;
}

/** Commands to boxes over `control/<gw>/v1`, each answered on `echo/<gw>/v1` with the same cmd_id. */
export interface BoxCommands {
  /**
   * Sends and waits for the reply; fails with 设备不在线 or 设备无响应 (after `timeoutMs`, default
   * BOX_COMMAND_TIMEOUT_SECONDS). `reachable`: the link has just seen the box able to take commands, so its
   * presence row (which may still be being written) is not asked.
   */
  send(gatewayId: string, command: Omit<BoxCommand, 'cmd_id'>, options?: { timeoutMs?: number; reachable?: boolean }): Promise<BoxReply>;
}

/** Why a command got no reply: the box is not online (nothing published) or did not answer in time. */
export class BoxCommandError extends Error {
  constructor(readonly reason: 'offline' | 'timeout') {
    super(reason === 'offline' ? '设备不在线' : '设备无响应');
  }
}

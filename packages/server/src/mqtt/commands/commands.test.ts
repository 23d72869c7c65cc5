import { describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../app-deps.js';
import type { BoxLink, BoxMessage } from '../link.js';
import { startCommands } from './index.js';

/** A link that records what is published and lets the test deliver echoes; a db saying whether the box is online. */
function world(online: boolean, seesConnections = true) {
  const published: { topic: string; payload: Record<string, unknown> }[] = [];
  const handlers: Record<string, (m: BoxMessage) => Promise<void>> = {};
  const link = {
    node: 'test:1',
    seesConnections,
    publish: async (topic: string, payload: string | Buffer) => {
      published.push({ topic, payload: JSON.parse(payload.toString()) });
    },
    onMessage: (kind: string, handler: (m: BoxMessage) => Promise<void>) => {
      handlers[kind] = handler;
    },
    onConnect: () => undefined,
    onDisconnect: () => undefined,
    onReachable: () => undefined,
    connectedBoxes: () => null,
  } as unknown as BoxLink;
  const db = { select: () => ({ from: () => ({ where: async () => [{ online }] }) }) };
  const deps = { db, config: { boxCommandTimeoutSeconds: 10 } } as unknown as AppDeps;
  const commands = startCommands(link, deps);
  const echo = (gatewayId: string, body: unknown) =>
    handlers.echo({ kind: 'echo', gatewayId, payload: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)) });
  return { commands, published, echo };
}

describe('box commands', () => {
  it('publishes {cmd_id, method, url, data} on the control topic and resolves with the echo of that cmd_id from that box', async () => {
    const { commands, published, echo } = world(true);
    const reply = commands.send('G1', { method: 'POST', url: '/api/config', data: { a: 1 } });
    await new Promise((r) => setImmediate(r));
    expect(published).toMatchObject([{ topic: 'control/G1/v1', payload: { method: 'POST', url: '/api/config', data: { a: 1 }, cmd_id: expect.any(String) } }]);
    const cmdId = published[0].payload.cmd_id as string;
    // the same cmd_id from another box, an unknown id and garbage are ignored and counted
    await echo('G2', { cmd_id: cmdId, ret: 0, msg: 'wrong box' });
    await echo('G1', { cmd_id: 'unknown', ret: 0 });
    await echo('G1', 'garbage');
    await echo('G1', { ret: 0 });
    await echo('G1', { cmd_id: cmdId, ret: 0, msg: { ok: true } });
    await expect(reply).resolves.toEqual({ ret: 0, msg: { ok: true } });
    expect(commands.stats.ignoredEchoes).toBe(4);
    commands.stop();
  });

  it('through an external broker, echoes of commands other nodes sent are counted without a log line; others still warn', async () => {
    const { commands, echo } = world(true, false);
    const warned: unknown[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => void warned.push(args[0]));
    try {
      await echo('G1', { cmd_id: 'another-node', ret: 0 });
      expect(warned).toEqual([]);
      await echo('G1', 'garbage');
      expect(warned).toEqual(['忽略设备 G1 的回复: 不是 JSON']);
      expect(commands.stats.ignoredEchoes).toBe(2);
    } finally {
      warn.mockRestore();
      commands.stop();
    }
  });

  it('fails at once with 设备不在线 without publishing when the box is not online', async () => {
    const { commands, published } = world(false);
    await expect(commands.send('G1', { method: 'GET', url: '/api/info' })).rejects.toThrow('设备不在线');
    expect(published).toEqual([]);
    commands.stop();
  });

  it('fails with 设备无响应 after timeoutMs, and stop() rejects what is still pending', async () => {
    const { commands } = world(true);
    await expect(commands.send('G1', { method: 'GET', url: '/api/info' }, { timeoutMs: 30 })).rejects.toThrow('设备无响应');
    const pending = commands.send('G1', { method: 'GET', url: '/api/info' });
    await new Promise((r) => setImmediate(r));
    commands.stop();
    await expect(pending).rejects.toThrow('设备无响应');
  });
});

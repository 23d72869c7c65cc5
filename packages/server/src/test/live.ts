import WebSocket from 'ws';
import type { LiveEvent } from '@gw/contracts';

export interface TestTab {
  socket: WebSocket;
  /** Every event received, arrays (held-back batches) flattened. */
  events: LiveEvent[];
  send(message: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
}

/** A browser tab on the live channel: a real WebSocket that sends the token first when given one. */
export async function liveTab(url: string, token?: string): Promise<TestTab> {
  const socket = new WebSocket(url);
  const events: LiveEvent[] = [];
  socket.on('message', (data) => {
    const parsed = JSON.parse(Buffer.from(data as Buffer).toString()) as LiveEvent | LiveEvent[];
    events.push(...(Array.isArray(parsed) ? parsed : [parsed]));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  if (token) send({ token });
  return { socket, events, send, closed };
}

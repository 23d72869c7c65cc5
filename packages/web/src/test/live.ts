import type { LiveEvent } from '@gw/contracts';
import { LiveChannel, type LiveChannelOptions, setLiveChannel } from '../utils/live';

/** A WebSocket stand-in: records what the tab sends and lets the test open, answer and close it. */
export class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(event: LiveEvent) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

/** Makes the tab's live channel one on fake sockets; returns the sockets it opens, oldest first. */
export function fakeLiveChannel(options: Omit<LiveChannelOptions, 'createSocket'> = {}) {
  const sockets: FakeSocket[] = [];
  const channel = new LiveChannel({
    url: 'ws://console/custom/api/v1/live',
    token: () => 'tok-1',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as never;
    },
    ...options,
  });
  setLiveChannel(channel);
  return sockets;
}

import mqtt, { type MqttClient } from 'mqtt';
import { type BoxEcho, boxEchoSchema } from '@gw/contracts';

/** What the platform's side heard: every message on the topics it follows, JSON-decoded, in order. */
export interface Heard {
  topic: string;
  payload: unknown;
  retain: boolean;
}

/** Polls `find` until it gives something, or fails naming `what` after `ms`. */
export async function waitFor<T>(find: () => T | undefined, what: string, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * For the simulator's tests: the platform's side of the box protocol on a test broker — it follows `topics`,
 * keeps what it hears in `received`, and sends commands as the platform does, waiting for the box's echo.
 */
export async function platformSide(url: string, topics: string[], waitMs = 5000) {
  const received: Heard[] = [];
  const client: MqttClient = await mqtt.connectAsync(url, { clientId: 'platform', username: 'platform' });
  client.on('message', (topic, payload, packet) => received.push({ topic, payload: JSON.parse(payload.toString()), retain: packet.retain }));
  await client.subscribeAsync(topics, { qos: 1 });
  let seq = 0;
  return {
    received,
    /** Sends `control/<gw>/v1` with a fresh cmd_id and answers the box's echo carrying it. */
    async command(gw: string, method: string, url: string, data?: unknown): Promise<BoxEcho> {
      const cmd_id = `c${++seq}`;
      await client.publishAsync(`control/${gw}/v1`, JSON.stringify({ cmd_id, method, url, data }), { qos: 1 });
      const echo = await waitFor(() => received.find((m) => m.topic === `echo/${gw}/v1` && (m.payload as BoxEcho).cmd_id === cmd_id), `echo ${cmd_id}`, waitMs);
      return boxEchoSchema.parse(echo.payload);
    },
    close: () => client.endAsync(),
  };
}

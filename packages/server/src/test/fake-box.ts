import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { type BoxCommand, boxTopic } from '@gw/contracts';
import { device } from '../db/schema.js';
import type { TestApp } from './harness.js';

/** What the fake box answers a command with; null: no answer at all. */
export type FakeAnswer = { ret: number; msg?: unknown } | null;

export interface FakeBox {
  client: mqtt.MqttClient;
  /** Every command the box received, in order. */
  received: BoxCommand[];
  answer: (command: BoxCommand) => FakeAnswer | Promise<FakeAnswer>;
  end(): Promise<void>;
}

/** Polls until `check` holds (up to 5 s). */
export async function until(check: () => boolean | Promise<boolean>, what = 'condition'): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A box as the platform sees one (tests only): a real MQTT client logged in with its gateway id and secret,
 * subscribed to its control topic, answering each command on its echo topic with what `answer` says.
 * Resolves once presence has marked the box online.
 */
export async function fakeBox(t: TestApp, gatewayId: string, secret: string, answer: FakeBox['answer'] = () => ({ ret: 0, msg: null })): Promise<FakeBox> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.deps.broker!.port}`, {
    clientId: gatewayId,
    username: gatewayId,
    password: secret,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  const box: FakeBox = {
    client,
    received: [],
    answer,
    end: async () => {
      await client.endAsync();
      await until(async () => !(await t.db.select({ online: device.online }).from(device).where(eq(device.gateway_id, gatewayId)))[0]?.online, `${gatewayId} offline`);
    },
  };
  client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString()) as BoxCommand;
    box.received.push(command);
    void Promise.resolve(box.answer(command)).then((reply) => {
      if (reply) client.publish(boxTopic('echo', gatewayId), JSON.stringify({ cmd_id: command.cmd_id, ...reply }), { qos: 1 });
    });
  });
  await client.subscribeAsync(boxTopic('control', gatewayId), { qos: 1 });
  await until(async () => Boolean((await t.db.select({ online: device.online }).from(device).where(eq(device.gateway_id, gatewayId)))[0]?.online), `${gatewayId} online`);
  return box;
}

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { fleetWorld } from '../test/fleet.js';
import { type EmbeddedBroker, startBroker } from './broker.js';
import { type TestApp, createTestApp } from '../test/harness.js';
import { startMqtt } from './start.js';

/** A box logs in, subscribes to its control topic and resolves with what the server publishes there in-process. */
async function roundTrip(t: TestApp, broker: EmbeddedBroker, url: string, options: mqtt.IClientOptions = {}): Promise<string> {
  const { secrets } = await fleetWorld(t, `R${Math.random().toString(36).slice(2, 6)}`);
  const [gatewayId, secret] = Object.entries(secrets)[0];
  const box = await mqtt.connectAsync(url, { ...options, clientId: gatewayId, username: gatewayId, password: secret, reconnectPeriod: 0 });
  try {
    const got = new Promise<string>((resolve) => box.on('message', (_t, payload) => resolve(payload.toString())));
    await box.subscribeAsync(`control/${gatewayId}/v1`);
    broker.aedes.publish({ cmd: 'publish', topic: `control/${gatewayId}/v1`, payload: Buffer.from('hello'), qos: 0, retain: false, dup: false }, () => {});
    return await got;
  } finally {
    await box.endAsync();
  }
}

/** One whole server for the file: it proves the app starts the broker; the settings are tested on startMqtt alone. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ services: ['mqtt'] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

/**
 * The box link (startMqtt: the embedded broker, its login check and the handlers) alone on a bare Fastify, on the
 * whole app's services and database, with the settings of `env`; open to boxes, and closed with that Fastify.
 */
async function mqttAlone(env: Record<string, string>): Promise<{ app: FastifyInstance; broker?: EmbeddedBroker }> {
  const app = Fastify({ logger: false });
  try {
    const started = await startMqtt(app, { ...t.deps, config: loadConfig({ DATA_DIR: t.config.dataDir, MQTT_PORT: '0', ...env }), metrics: new Registry() });
    await app.ready();
    started.open();
    return { app, broker: started.deps.broker };
  } catch (err) {
    await app.close();
    throw err;
  }
}

describe('the embedded MQTT broker', () => {
  it('starts with the server on a free port and carries messages over TCP', async () => {
    const port = t.deps.broker?.port;
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(1883);
    expect(await roundTrip(t, t.deps.broker!, `mqtt://127.0.0.1:${port}`)).toBe('hello');
  });

  it('carries messages over WebSocket at /custom/mqtt on the HTTP port', async () => {
    const { port } = t.app.server.address() as { port: number };
    expect(await roundTrip(t, t.deps.broker!, `ws://127.0.0.1:${port}/custom/mqtt`)).toBe('hello');
  });
});

describe('the broker settings', () => {
  it('a port in use stops the start with a Chinese message naming MQTT_PORT', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '0.0.0.0', () => r()));
    const { port } = taken.address() as { port: number };
    try {
      await expect(mqttAlone({ MQTT_PORT: String(port) })).rejects.toThrow(`MQTT 端口 ${port} 已被占用,请用环境变量 MQTT_PORT`);
    } finally {
      await new Promise((r) => taken.close(r));
    }
  });

  it('MQTT_BROKER=off or MQTT_URL starts no embedded broker', async () => {
    const settings: Record<string, string>[] = [{ MQTT_BROKER: 'off' }, { MQTT_URL: 'mqtt://broker.example:1883' }];
    for (const env of settings) {
      const { app, broker } = await mqttAlone(env);
      try {
        expect(broker).toBeUndefined();
      } finally {
        await app.close();
      }
    }
  });

  const openssl = ['/usr/bin/openssl', '/usr/local/bin/openssl'].find((p) => existsSync(p));
  it.skipIf(!openssl)('speaks TLS on MQTT_PORT when MQTT_TLS_CERT and MQTT_TLS_KEY are set (needs the openssl CLI)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gw-tls-'));
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    execFileSync(openssl!, ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
    const { app, broker } = await mqttAlone({ MQTT_TLS_CERT: cert, MQTT_TLS_KEY: key });
    try {
      expect(broker?.tls).toBe(true);
      expect(await roundTrip(t, broker!, `mqtts://127.0.0.1:${broker!.port}`, { rejectUnauthorized: false })).toBe('hello');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the broker before the server is ready', () => {
  it('takes its port at once but lets a client in only when opened: nothing is acknowledged before the handlers exist', async () => {
    const http = createHttpServer();
    const broker = await startBroker({ port: 0, host: '127.0.0.1', tlsCert: '', tlsKey: '', http });
    const heard: string[] = [];
    broker.aedes.on('publish', (packet, client) => void (client && heard.push(packet.payload.toString())));
    try {
      const early = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, { clientId: 'early-box', reconnectPeriod: 0, connectTimeout: 10_000 });
      let connected = false;
      early.on('connect', () => (connected = true));
      const acked = early.publishAsync('data/early-box/v1', 'first', { qos: 1 });
      await new Promise((r) => setTimeout(r, 300));
      expect(connected).toBe(false);
      expect(heard).toEqual([]);
      broker.open();
      await acked;
      expect(connected).toBe(true);
      expect(heard).toEqual(['first']);
      await early.endAsync();
    } finally {
      await broker.close();
    }
  });
});

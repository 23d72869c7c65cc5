import net from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedLink } from './embedded-link.js';
import type { BoxMessage } from './link.js';

const quiet = { error: () => undefined };

/** A bare Aedes on a free port with the link installed (every login accepted: the box check is not under test). */
async function brokerWithLink() {
  const aedes = await Aedes.createBroker();
  const link = embeddedLink(aedes, quiet);
  const server = net.createServer(aedes.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    aedes,
    link,
    port,
    close: () => new Promise<void>((resolve) => aedes.close(() => server.close(() => resolve()))),
  };
}

const box = (port: number, id: string) =>
  new Promise<mqtt.MqttClient>((resolve, reject) => {
    const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, { clientId: id, username: id, password: 'x', reconnectPeriod: 0 });
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });

describe('the embedded box link', () => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const item of open.splice(0)) await item.close();
  });

  it('acknowledges a QoS 1 message only after its handler is done (a slow store slows the box, nothing acknowledged is unstored)', async () => {
    const broker = await brokerWithLink();
    open.push(broker);
    const stored: string[] = [];
    broker.link.onMessage('data', async (message: BoxMessage) => {
      await new Promise((r) => setTimeout(r, 300));
      stored.push(`${message.gatewayId}:${message.payload.toString()}`);
    });
    const client = await box(broker.port, 'GW-ACK');
    open.push({ close: () => client.endAsync() });
    const began = performance.now();
    await client.publishAsync('data/GW-ACK/v1', '[1]', { qos: 1 });
    expect(performance.now() - began).toBeGreaterThanOrEqual(290);
    expect(stored).toEqual(['GW-ACK:[1]']);
  });

  it('hands each kind to its handlers, and a failing handler neither stops the others nor the box', async () => {
    const broker = await brokerWithLink();
    open.push(broker);
    const seen: string[] = [];
    broker.link.onMessage('traffic', async () => {
      throw new Error('broken');
    });
    broker.link.onMessage('traffic', async (m) => void seen.push(`traffic ${m.gatewayId}`));
    broker.link.onMessage('echo', async (m) => void seen.push(`echo ${m.payload.toString()}`));
    const client = await box(broker.port, 'GW-KIND');
    open.push({ close: () => client.endAsync() });
    await client.publishAsync('traffic/GW-KIND/v1', '{}', { qos: 1 });
    await client.publishAsync('echo/GW-KIND/v1', 'e', { qos: 1 });
    expect(seen).toEqual(['traffic GW-KIND', 'echo e']);
    expect(client.connected).toBe(true);
  });

  it('reports connects with a fresh session each, and how a connection ended: disconnect, will, takeover', async () => {
    const broker = await brokerWithLink();
    open.push(broker);
    const events: string[] = [];
    const sessions = new Set<string>();
    broker.link.onConnect((c) => {
      sessions.add(c.session);
      events.push(`up ${c.gatewayId}`);
    });
    broker.link.onDisconnect((c, reason) => events.push(`down ${c.gatewayId} ${reason}`));
    const waitFor = async (n: number) => {
      while (events.length < n) await new Promise((r) => setTimeout(r, 10));
    };

    const clean = await box(broker.port, 'GW-A');
    await clean.endAsync();
    await waitFor(2);
    const dropped = await box(broker.port, 'GW-B');
    expect(broker.link.connectedBoxes()).toEqual(new Set(['GW-B']));
    dropped.stream.destroy();
    await waitFor(4);
    const first = await box(broker.port, 'GW-C');
    const second = await box(broker.port, 'GW-C');
    open.push({ close: () => second.endAsync() });
    first.end(true);
    await waitFor(7);
    expect(events).toEqual(['up GW-A', 'down GW-A disconnect', 'up GW-B', 'down GW-B will', 'up GW-C', 'down GW-C takeover', 'up GW-C']);
    expect(sessions.size).toBe(4);
  });

  it('a refused CONNECT with a box\'s id (MQTT 5, a wrong password) changes nothing: its connection later ends for its own reason', async () => {
    const broker = await brokerWithLink();
    open.push(broker);
    broker.aedes.authenticate = (_client, _username, password, done) =>
      password?.toString() === 'x' ? done(null, true) : done(Object.assign(new Error('bad'), { returnCode: 4 as const }), false);
    const events: string[] = [];
    broker.link.onConnect((c) => events.push(`up ${c.gatewayId}`));
    broker.link.onDisconnect((c, reason) => events.push(`down ${c.gatewayId} ${reason}`));
    const refused = (options: mqtt.IClientOptions) =>
      new Promise<void>((resolve) => {
        const client = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, { clientId: 'GW-R', reconnectPeriod: 0, ...options });
        client.once('connect', () => resolve());
        client.once('error', () => resolve());
        client.once('close', () => resolve());
      }).then(() => new Promise((r) => setTimeout(r, 50)));

    await refused({ protocolVersion: 5 });
    const real = await box(broker.port, 'GW-R');
    await refused({ protocolVersion: 5 });
    await refused({ username: 'GW-R', password: 'wrong' });
    expect(broker.link.connectedBoxes()).toEqual(new Set(['GW-R']));
    expect(real.connected).toBe(true);
    real.stream.destroy();
    while (events.length < 2) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual(['up GW-R', 'down GW-R will']);
  });

  it('closes the connection a box holds when told to (a takeover\'s new one, not the one it replaced) as a dropped one', async () => {
    const broker = await brokerWithLink();
    open.push(broker);
    const events: string[] = [];
    broker.link.onDisconnect((c, reason) => events.push(`down ${c.gatewayId} ${reason}`));
    const first = await box(broker.port, 'GW-K');
    first.on('close', () => first.end(true));
    const second = await box(broker.port, 'GW-K');
    while (events.length < 1) await new Promise((r) => setTimeout(r, 10));
    expect(broker.link.connectedBoxes()).toEqual(new Set(['GW-K']));
    expect(broker.link.disconnect('GW-K')).toBe(true);
    while (events.length < 2) await new Promise((r) => setTimeout(r, 10));
    expect(events).toEqual(['down GW-K takeover', 'down GW-K will']);
    expect(broker.link.connectedBoxes()).toEqual(new Set());
    expect(broker.link.disconnect('GW-K')).toBe(false);
    second.end(true);
  });
});

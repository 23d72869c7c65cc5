import { generateKeyPairSync, sign } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Aedes, type Client } from 'aedes';
import type { LicenseClaims } from '@gw/contracts';

/**
 * For the simulator's tests: a bare in-process Aedes that admits a box as the platform does (client id =
 * username, password = its secret), and a licence signer with its own Ed25519 key.
 */
export async function testBroker(secrets: Record<string, string>) {
  const aedes = await Aedes.createBroker();
  aedes.authenticate = (client, username, password, done) => {
    const known = username === client.id && secrets[username] !== undefined && password?.toString() === secrets[username];
    if (known || username === 'platform') return done(null, true);
    const error = Object.assign(new Error('bad username or password'), { returnCode: 4 });
    done(error, false);
  };
  const clients = new Map<string, Client>();
  aedes.on('client', (client) => clients.set(client.id, client));
  const server = net.createServer(aedes.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    aedes,
    url: `mqtt://127.0.0.1:${port}`,
    /** Cuts a client's connection without a DISCONNECT, as a dead mobile link does (its will goes out). */
    drop(clientId: string) {
      const conn = clients.get(clientId)?.conn as { destroy?: () => void } | undefined;
      conn?.destroy?.();
    },
    async close() {
      await new Promise<void>((r) => aedes.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export function licenceSigner() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return {
    publicKeyPem: publicKey,
    certificate(claims: Partial<LicenseClaims> & Pick<LicenseClaims, 'finger_print' | 'count'>): string {
      const full: LicenseClaims = { type: 'business', iat: now, nbf: now - 600, exp: now + 86_400, jti: 'L-1', sub: 'SIM-T', vpn: false, ...claims };
      const input = `${b64({ alg: 'EdDSA', typ: 'JWT' })}.${b64(full)}`;
      return `${input}.${sign(null, Buffer.from(input), privateKey).toString('base64url')}`;
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBuiltServer } from '../scripts/built-server.mjs';

export const ADMIN_PASSWORD = 'E2e-admin-pass';

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The real built server on a free port with a fresh PGlite data dir; `prepare` runs before the start against
 * that data dir, through the server's own database code, to add users and roles. `env` adds settings of its
 * own (the VPN hub's, for remote access).
 */
export async function startServer(prepare?: (dataDir: string) => Promise<void>, env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-e2e-'));
  if (prepare) await prepare(dataDir);
  // a fresh data dir is migrated and seeded at the start: minutes when the machine is loaded
  const server = await startBuiltServer({ dataDir, env: { ...env, ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off' }, healthyWithinMs: 180_000 });
  return {
    url: server.url,
    dataDir,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** /run (memory, root's) where the host has it writable, else the temporary folder. */
function baseDir(): string {
  try {
    accessSync('/run', constants.W_OK);
    return '/run';
  } catch {
    return tmpdir();
  }
}

/**
 * Runs `task` with `secret` written to a file only its owner can read, removed afterwards whatever happens. `wg`
 * takes a private key only as a file; `/dev/stdin` will not do, because the pipe Node gives a child is a socket,
 * which `wg` cannot open as a file. A file, unlike an argument, is not shown to every user by `ps`.
 */
export async function withSecretFile<T>(secret: string, task: (file: string) => Promise<T>): Promise<T> {
  // mkdtemp makes the folder 0700
  const dir = mkdtempSync(path.join(baseDir(), 'gw-vpn-'));
  const file = path.join(dir, 'key');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return await task(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

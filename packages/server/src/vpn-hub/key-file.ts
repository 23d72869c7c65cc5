import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateKeyPair, publicKeyOf } from './keys.js';

export interface HubKey {
  privateKey: string;
  publicKey: string;
  /** Made by this start (the file did not exist). */
  created: boolean;
}

/**
 * The hub's own WireGuard key, kept in `file`: read when it exists, else a new X25519 key written there with
 * mode 0600 in a folder only root enters (0700). The private key never leaves the hub's host; the platform is
 * told only the public key (VPN_HUB_PUBLIC_KEY). A file others may read is made private again, and a file
 * that holds no key stops the start rather than being replaced (every box's tunnel names the key it holds).
 */
export function loadOrCreateKey(file: string): HubKey {
  let text: string | null = null;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text !== null) {
    if (statSync(file).mode & 0o077) chmodSync(file, 0o600);
    try {
      return { privateKey: text, publicKey: publicKeyOf(text, `私钥文件 ${file}`), created: false };
    } catch (error) {
      throw new Error(`${(error as Error).message} — 请恢复该文件或删除它以生成新密钥 (所有盒子须重新下发隧道)`, { cause: error });
    }
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const pair = generateKeyPair();
  // 'wx': never over a file another start made meanwhile
  writeFileSync(file, `${pair.privateKey}\n`, { mode: 0o600, flag: 'wx' });
  return { ...pair, created: true };
}

import type { Log } from '../runner.js';
import { startTunnel, type Namespace } from '@gw/simulator/netns';

/** A wg-quick file as an engineer's WireGuard app reads it: its [Interface] and its one [Peer]. */
export interface WgQuickFile {
  interface: { privateKey: string; address: string };
  peer: { publicKey: string; endpoint: string; allowedIps: string[]; keepalive: number | null };
}

/**
 * Reads a wg-quick file (`Key = value` lines in [Interface] and [Peer] sections, `#` comments), as the official
 * apps do: keys case-insensitive, the value after the first `=` (a base64 key ends in `=`). Throws naming what is
 * missing, so a file the platform got wrong fails the test where it is read.
 */
export function parseWgQuick(text: string): WgQuickFile {
  const sections: Record<string, Record<string, string>> = {};
  let current: Record<string, string> | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      const name = header[1].toLowerCase();
      if (sections[name]) throw new Error(`wg-quick 文件有两个 [${header[1]}] 段`);
      current = sections[name] = {};
      continue;
    }
    const at = line.indexOf('=');
    if (!current || at < 0) throw new Error(`wg-quick 文件无法解析的一行: ${raw}`);
    current[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  const need = (section: string, key: string) => {
    const value = sections[section]?.[key.toLowerCase()];
    if (!value) throw new Error(`wg-quick 文件缺少 [${section}] ${key}`);
    return value;
  };
  const keepalive = sections.peer?.persistentkeepalive;
  return {
    interface: { privateKey: need('interface', 'PrivateKey'), address: need('interface', 'Address') },
    peer: {
      publicKey: need('peer', 'PublicKey'),
      endpoint: need('peer', 'Endpoint'),
      allowedIps: need('peer', 'AllowedIPs').split(',').map((entry) => entry.trim()).filter(Boolean),
      keepalive: keepalive ? Number(keepalive) : null,
    },
  };
}

/**
 * Sets up what `wg-quick up` would from `file` inside `ns`: the interface (kernel or wireguard-go), its private key,
 * the hub as its peer, its address, and a route for each of the peer's allowed IPs.
 */
export async function applyWgQuick(ns: Namespace, interfaceName: string, file: WgQuickFile, log?: Log): Promise<void> {
  await startTunnel(
    ns,
    {
      interfaceName,
      privateKey: file.interface.privateKey,
      address: file.interface.address,
      peer: { publicKey: file.peer.publicKey, endpoint: file.peer.endpoint, allowedIps: file.peer.allowedIps },
      routes: file.peer.allowedIps,
      keepalive: file.peer.keepalive ?? 0,
    },
    log,
  );
}

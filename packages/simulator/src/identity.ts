import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { gatewayIdSchema } from '@gw/contracts';
import { z } from 'zod';

/**
 * A simulated box's identity as the identity file holds it: what it logs in with, the machine tools it reads,
 * and optionally its fingerprint, the licence certificate it has installed and its WireGuard private key (written
 * by --provision).
 */
export const boxIdentitySchema = z.object({
  gateway_id: gatewayIdSchema,
  secret: z.string().min(1),
  machines: z
    .array(
      z.object({
        code: z.string().min(1).max(64),
        category: z.string().min(1).max(32),
        /** Its address in the box's /24 as the platform gave it (--provision writes it); a --vpn box's LAN puts it there. */
        ip: z.string().max(15).optional(),
      }),
    )
    .max(100),
  fingerprint: z.string().max(128).optional(),
  license: z.string().optional(),
  /** Its WireGuard private key (base64), made once by --provision; it stays in this file and is never sent. */
  wg_private_key: z.string().length(44).optional(),
  /** The firmware version it runs, when an update changed it from the fleet's. */
  version: z.string().max(64).optional(),
});
export type BoxIdentity = z.infer<typeof boxIdentitySchema>;
export const identityFileSchema = z.array(boxIdentitySchema);

const digits = (seed: string, count: number) =>
  BigInt(`0x${createHash('sha256').update(seed).digest('hex')}`)
    .toString()
    .slice(0, count)
    .padStart(count, '0');

/** A box's fingerprint when its identity names none: stable per gateway id, as a real box's hardware id is. */
export const fingerprintOf = (gatewayId: string) => `SIM-${createHash('sha256').update(`fp:${gatewayId}`).digest('hex').slice(0, 24).toUpperCase()}`;
export const imeiOf = (gatewayId: string) => `86${digits(`imei:${gatewayId}`, 13)}`;
export const iccidOf = (gatewayId: string) => `8986${digits(`iccid:${gatewayId}`, 16)}`;

export async function readIdentities(file: string): Promise<BoxIdentity[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new Error(`读取身份文件 ${file} 失败 (先用 --provision 生成): ${(err as Error).message}`, { cause: err });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`身份文件 ${file} 不是 JSON: ${(err as Error).message}`, { cause: err });
  }
  const parsed = identityFileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`身份文件 ${file} 格式不正确: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return parsed.data;
}

export async function writeIdentities(file: string, identities: BoxIdentity[]): Promise<void> {
  await writeFile(file, `${JSON.stringify(identities, null, 2)}\n`, { mode: 0o600 });
}

import type { KeyObject } from 'node:crypto';
import { BOX_API, type BoxEcho, type BoxInfo, type BoxUpgrade, type BoxVpnConfig, type LicenseClaims, boxCommandSchema, boxUpgradeSchema, boxVpnConfigSchema } from '@gw/contracts';
import { z } from 'zod';
import { allowedCount, verifyCertificate } from './license.js';
import type { BoxTunnel } from './vpn/box-network.js';

/** The collection config a box keeps: how often it sends, and which machine tools it reads. */
export const boxConfigSchema = z.object({
  interval_ms: z.number().int().min(100).max(3_600_000),
  machines: z
    .array(
      z.object({
        code: z.string().min(1).max(64),
        category: z.string().min(1).max(32),
        enabled: z.boolean(),
      }),
    )
    .max(100),
});
export type BoxConfig = z.infer<typeof boxConfigSchema>;

/** What a simulated box holds that its HTTP API reads and changes. */
export interface BoxState {
  gatewayId: string;
  version: string;
  fingerprint: string;
  imei: string;
  iccid: string;
  adminPassword: string;
  /** The platform's licence public key; without it no certificate can be checked (403). */
  publicKey: KeyObject | null;
  license: { certificate: string; claims: LicenseClaims } | null;
  config: BoxConfig;
  /** Its WireGuard public key, reported in every announce (the private key stays with its identity). */
  wgPublicKey: string;
  /** The tunnel the platform last gave it (POST /api/vpn), kept until DELETE. */
  vpn: BoxVpnConfig | null;
  /** Its real tunnel (`--vpn`: namespaces, WireGuard, a LAN of machine tools); without it the config is only kept. */
  tunnel?: BoxTunnel;
  /** Starts a firmware update (it goes on after the answer); a box without one answers 404. */
  upgrade?: (order: BoxUpgrade) => Answer;
}

export type Answer = Pick<BoxEcho, 'ret' | 'msg'>;
const ok = (msg: unknown = 'ok'): Answer => ({ ret: 0, msg });
const fail = (ret: number, msg: unknown): Answer => ({ ret, msg });

const loginBody = z.object({ password: z.string() });
const licenseBody = z.object({ license: z.string().min(1) });
const upgradeBody = boxUpgradeSchema.refine((b) => URL.canParse(b.url) && /^https?:$/.test(new URL(b.url).protocol), {
  message: '下载地址须为 http(s) 地址',
  path: ['url'],
});
const badBody = (error: z.ZodError) => fail(400, `请求参数错误: ${error.issues.map((i) => i.path.join('.') || i.message).join(', ')}`);

export function boxInfo(box: BoxState): BoxInfo {
  return { version: box.version, fingerprint: box.fingerprint, imei: box.imei, iccid: box.iccid, config: box.config };
}

/** Installs a certificate when it holds for this box now: 0, else 403 with the refusal. */
export function installLicense(box: BoxState, certificate: string): Answer {
  if (!box.publicKey) return fail(403, '网关未配置平台公钥,无法校验授权证书');
  const verdict = verifyCertificate(certificate, box.publicKey, box.fingerprint);
  if (!verdict.valid) return fail(403, verdict.reason);
  box.license = { certificate: certificate.trim(), claims: verdict.claims };
  return ok({ jti: verdict.claims.jti, exp: verdict.claims.exp });
}

/**
 * A new config is refused as the box refuses it: without a licence in force 403 when it enables any machine
 * tool; 409 with `count` when it enables more of a brand (or, with `all`, in total) than the licence allows.
 */
function checkConfig(box: BoxState, config: BoxConfig): Answer | null {
  const enabled = config.machines.filter((m) => m.enabled);
  if (!enabled.length) return null;
  const claims = box.license?.claims;
  const now = Math.floor(Date.now() / 1000);
  if (!claims || claims.nbf > now || claims.exp <= now) return fail(403, '未授权或授权已过期');
  for (const machine of enabled) {
    const { allowed, shared } = allowedCount(claims, machine.category);
    const using = shared ? enabled.length : enabled.filter((m) => m.category === machine.category).length;
    if (using > allowed) return fail(409, { count: allowed, message: `当前型号启用数量超出授权数量,授权数量为${allowed}` });
  }
  return null;
}

/** The tunnel made real when the box has one (`--vpn`): the answer waits for it, and a failure is a 500 saying why. */
async function tunnelChange(box: BoxState, config: BoxVpnConfig | null): Promise<Answer> {
  try {
    if (config) await box.tunnel?.apply(config);
    else await box.tunnel?.remove();
  } catch (error) {
    return fail(500, `隧道${config ? '配置' : '删除'}失败: ${(error as Error).message}`);
  }
  box.vpn = config;
  return ok(config ? '隧道已配置' : '隧道已删除');
}

function route(box: BoxState, method: string, url: string, data: unknown): Answer | Promise<Answer> {
  const key = `${method} ${url.split('?')[0]}`;
  switch (key) {
    case `GET ${BOX_API.info}`:
      return ok(boxInfo(box));
    case `POST ${BOX_API.login}`: {
      const body = loginBody.safeParse(data);
      if (!body.success) return fail(400, '请求参数错误: password');
      return body.data.password === box.adminPassword ? ok('登录成功') : fail(410, '密码错误');
    }
    case `GET ${BOX_API.license}`:
      return ok(box.license ? { installed: true, claims: box.license.claims } : { installed: false, claims: null });
    case `POST ${BOX_API.license}`: {
      const body = licenseBody.safeParse(data);
      if (!body.success) return fail(400, '请求参数错误: license');
      return installLicense(box, body.data.license);
    }
    case `DELETE ${BOX_API.license}`:
      box.license = null;
      return ok('授权已删除');
    case `GET ${BOX_API.config}`:
      return ok(box.config);
    case `POST ${BOX_API.config}`: {
      const body = boxConfigSchema.partial().safeParse(data);
      if (!body.success) return badBody(body.error);
      const next = { ...box.config, ...body.data };
      const refused = checkConfig(box, next);
      if (refused) return refused;
      box.config = next;
      return ok(box.config);
    }
    case `POST ${BOX_API.vpn}`: {
      const body = boxVpnConfigSchema.safeParse(data);
      if (!body.success) return badBody(body.error);
      return tunnelChange(box, body.data);
    }
    case `DELETE ${BOX_API.vpn}`:
      return tunnelChange(box, null);
    case `POST ${BOX_API.upgrade}`: {
      if (!box.upgrade) break;
      const body = upgradeBody.safeParse(data);
      return body.success ? box.upgrade(body.data) : badBody(body.error);
    }
  }
  return fail(404, `未知接口: ${method} ${url}`);
}

/**
 * The box's answer to one `control` message, or null when it cannot be answered (no cmd_id to answer with).
 * A message that is not a well-formed command but names a cmd_id is answered 400.
 */
export async function answerCommand(box: BoxState, payload: Buffer | string): Promise<BoxEcho | null> {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString());
  } catch {
    return null;
  }
  const command = boxCommandSchema.safeParse(json);
  if (!command.success) {
    const cmdId = (json as { cmd_id?: unknown } | null)?.cmd_id;
    return typeof cmdId === 'string' && cmdId ? { cmd_id: cmdId, ret: 400, msg: '命令格式不正确' } : null;
  }
  const { cmd_id, method, url, data } = command.data;
  return { cmd_id, ...(await route(box, method, url, data)) };
}

import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LICENSE_BUSINESS_EXPIRY, LICENSE_EXPIRING_DAYS, LICENSE_NBF_LEEWAY_SECONDS, LICENSE_REFUSAL, type LicenseCount, type LicenseCreate, type LicenseVerdictAnswer, type WriteValues, type licenseResource } from '@gw/contracts';
import type { Db, Tx } from '../../db/client.js';
import { device, license } from '../../db/schema.js';
import { badRequest, notFound, refused } from '../../http/errors.js';
import { customerScope, requireVendorScope } from '../../http/scope.js';
import type { ColumnValues, Stored } from '../../http/resource/types.js';
import { type LicenseKeyPair, signLicense, verifyLicense } from '../../lib/license.js';

export const MSG = {
  vendorOnlyIssue: '只有平台管理员可以签发授权',
  vendorOnlyRevoke: '只有平台管理员可以吊销授权',
  fingerprintMissing: '参数错误 finger_print: 请输入设备指纹(所选设备没有设备指纹)',
  expBeforeNbf: '参数错误 exp: 到期时间必须晚于生效时间',
  nbfTooEarly: '参数错误 nbf: 生效时间不能早于 2000-01-01',
  alreadyRevoked: '该授权已吊销',
  revoked: '已吊销',
} as const;

/** 商业授权 runs until this moment unless the issuer names another. */
export const BUSINESS_EXPIRY = new Date(LICENSE_BUSINESS_EXPIRY);

/**
 * A licence's state in SQL, naming the table in full (it is also used inside the list's own query):
 * 已吊销, 已过期, 即将过期 (30 days or fewer left), else 正常.
 */
export const licenseStateSql = sql.raw(`(case when license.revoked_at is not null then 'revoked'
  when license.exp <= now() then 'expired'
  when license.exp <= now() + interval '${LICENSE_EXPIRING_DAYS} days' then 'expiring'
  else 'valid' end)`);

const EARLIEST = Date.UTC(2000, 0, 1) / 1000;

/** Whole seconds: what the certificate says is exactly what the row stores. */
const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A trial runs one calendar month from its start. */
function oneMonthAfter(date: Date): Date {
  const next = new Date(date);
  next.setMonth(next.getMonth() + 1);
  return next;
}

/** Only the platform's own staff (who see every customer) issue and revoke licences. */
export function requireIssuer(req: FastifyRequest, message: string): void {
  requireVendorScope(req, message);
}

/**
 * The columns of a new licence: the box (within the caller's scope) and its fingerprint when none is given,
 * the default times, and the certificate signed with the platform's key over exactly these values.
 */
export async function newLicenseColumns(
  values: WriteValues<typeof licenseResource>,
  req: FastifyRequest,
  tx: Tx,
  key: LicenseKeyPair,
): Promise<ColumnValues<typeof license>> {
  requireIssuer(req, MSG.vendorOnlyIssue);
  // a licence is only created, by the create schema, which gives every field its value or default
  const body = values as LicenseCreate;
  let box: { gateway_id: string; fingerprint: string } | undefined;
  if (body.device_id != null) {
    [box] = await tx
      .select({ gateway_id: device.gateway_id, fingerprint: device.fingerprint })
      .from(device)
      .where(and(eq(device.id, body.device_id), customerScope(req.user, device.customer_id)));
    if (!box) throw notFound('网关设备');
  }
  const fingerprint = body.finger_print || box?.fingerprint || '';
  if (!fingerprint) throw badRequest(MSG.fingerprintMissing);
  // a box that never reported its fingerprint keeps the one read off its screen, until it reports its own
  if (box && !box.fingerprint) await tx.update(device).set({ fingerprint }).where(eq(device.id, body.device_id!));

  const now = new Date();
  const iat = toSeconds(now);
  // starting at once: a little before now, for a box whose clock runs slow; a trial still runs a month from now
  const nbf = body.nbf ? toSeconds(new Date(body.nbf)) : iat - LICENSE_NBF_LEEWAY_SECONDS;
  const start = body.nbf ? nbf : iat;
  const exp = body.exp ? toSeconds(new Date(body.exp)) : toSeconds(body.type === 'business' ? BUSINESS_EXPIRY : oneMonthAfter(new Date(start * 1000)));
  // a certificate counts seconds from 1970 and no box predates this century
  if (nbf < EARLIEST) throw badRequest(MSG.nbfTooEarly);
  if (exp <= nbf) throw badRequest(MSG.expBeforeNbf);

  const jti = randomUUID();
  const count: LicenseCount[] = body.count.map(({ model, count }) => ({ model, count }));
  const certificate = signLicense(
    {
      type: body.type,
      iat,
      nbf,
      exp,
      jti,
      finger_print: fingerprint,
      // the claims need a subject: a licence for a bare fingerprint names the fingerprint
      sub: box?.gateway_id || fingerprint.slice(0, 64),
      vpn: body.vpn,
      count,
    },
    key.privateKeyPem,
  );
  return {
    device_id: body.device_id ?? null,
    gateway_id: box?.gateway_id ?? '',
    finger_print: fingerprint,
    type: body.type,
    nbf: new Date(nbf * 1000),
    exp: new Date(exp * 1000),
    iat: new Date(iat * 1000),
    jti,
    vpn: body.vpn,
    count,
    certificate,
    remark: body.remark,
    issuer: req.user.id,
  };
}

/** Revokes one licence (in the action's audited transaction); a second revocation is refused. */
export async function revokeLicense(req: FastifyRequest, tx: Tx, row: Stored<typeof license>, reason: string): Promise<void> {
  requireIssuer(req, MSG.vendorOnlyRevoke);
  if (row.revoked_at != null) throw refused(MSG.alreadyRevoked);
  await tx
    .update(license)
    .set({ revoked_at: sql`now()`, revoke_reason: reason })
    .where(eq(license.id, row.id));
}

/**
 * Whether a certificate holds now: the signature and times by the public key, then the platform's own word —
 * a licence it does not know (未知设备) or one it revoked (已吊销). Garbage is a refusal, never an error.
 */
export async function checkCertificate(db: Db, certificate: string, publicKeyPem: string): Promise<LicenseVerdictAnswer> {
  const verdict = verifyLicense(certificate, publicKeyPem, { now: new Date() });
  if (!verdict.claims) return verdict;
  const [stored] = await db.select({ revoked_at: license.revoked_at }).from(license).where(eq(license.jti, verdict.claims.jti));
  if (!stored) return { valid: false, reason: LICENSE_REFUSAL.unknownDevice, claims: verdict.claims };
  if (stored.revoked_at) return { valid: false, reason: LICENSE_REFUSAL.revoked, claims: verdict.claims };
  return verdict;
}

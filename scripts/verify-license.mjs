#!/usr/bin/env node
// Checks a licence certificate offline, as a box does: nothing but node:crypto and the platform's public key
// (GET /custom/api/v1/tools/license/public_key). It imports nothing of the repo, so it can be copied onto any
// machine with Node; the steps and the refusal texts repeat packages/server/src/lib/license.ts and
// packages/contracts/src/license.ts, and verify-license-script.test.ts holds the two together.
//
//   node scripts/verify-license.mjs <certificate | file> <public-key.pem> [fingerprint]
//
// Exit 0: valid (and bound to the fingerprint when one is given), the claims follow on stdout.
// Exit 1: refused, the reason on stdout. Exit 2: the command was not used right.
import { createPublicKey, verify } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

const REFUSAL = {
  badSignature: '签名无效',
  expired: '授权已过期',
  notYetValid: '授权尚未生效',
  malformed: '证书格式不正确',
  fingerprintMismatch: '设备指纹不匹配',
};
const TYPE_TITLES = { business: '商业授权', temp: '测试授权' };
const USAGE = '用法: node scripts/verify-license.mjs <证书文本或证书文件> <公钥 PEM 文件> [设备指纹]';
const PART = /^[A-Za-z0-9_-]+$/;

function usage(message) {
  if (message) console.error(message);
  console.error(USAGE);
  process.exit(2);
}

/** The bytes of a base64url part, or null unless the text is their one canonical spelling. */
function decodePart(part) {
  if (!PART.test(part)) return null;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
}

function signatureHolds(signed, key, signature) {
  if (!signature) return false;
  try {
    return verify(null, Buffer.from(signed), key, signature);
  } catch {
    return false;
  }
}

function parseJson(bytes) {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

const isSeconds = (v) => Number.isSafeInteger(v) && v >= 0;
const isText = (v, max) => typeof v === 'string' && v.length >= 1 && v.length <= max;

/** The claims schema of contracts, by hand. */
function isClaims(c) {
  return (
    typeof c === 'object' &&
    c !== null &&
    !Array.isArray(c) &&
    Object.hasOwn(TYPE_TITLES, c.type) &&
    isSeconds(c.iat) &&
    isSeconds(c.nbf) &&
    isSeconds(c.exp) &&
    isText(c.jti, 64) &&
    isText(c.finger_print, 128) &&
    isText(c.sub, 64) &&
    typeof c.vpn === 'boolean' &&
    Array.isArray(c.count) &&
    c.count.length <= 64 &&
    c.count.every((e) => typeof e === 'object' && e !== null && isText(e.model, 32) && /^[a-z0-9_]+$/.test(e.model) && Number.isSafeInteger(e.count) && e.count >= 0)
  );
}

/** {valid, reason, claims}, as verifyLicense answers. */
function check(certificate, key, now, fingerprint) {
  const refuse = (reason, claims = null) => ({ valid: false, reason, claims });
  const parts = certificate.trim().split('.');
  if (parts.length !== 3 || !parts.every((part) => PART.test(part))) return refuse(REFUSAL.malformed);
  const [header, payload, signature] = parts.map(decodePart);
  if (!header || !payload) return refuse(REFUSAL.malformed);
  const head = parseJson(header);
  if (typeof head !== 'object' || head === null || head.alg !== 'EdDSA' || head.crit !== undefined) return refuse(REFUSAL.malformed);
  if (!signatureHolds(`${parts[0]}.${parts[1]}`, key, signature)) return refuse(REFUSAL.badSignature);
  const claims = parseJson(payload);
  if (!isClaims(claims)) return refuse(REFUSAL.malformed);
  if (claims.nbf > now) return refuse(REFUSAL.notYetValid, claims);
  if (claims.exp <= now) return refuse(REFUSAL.expired, claims);
  if (fingerprint !== undefined && claims.finger_print !== fingerprint) return refuse(REFUSAL.fingerprintMismatch, claims);
  return { valid: true, reason: null, claims };
}

const args = process.argv.slice(2);
if (args.includes('-h') || args.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
if (args.length < 2 || args.length > 3) usage();
const [given, keyFile, fingerprint] = args;

// a certificate is one line of base64url and dots, so an argument naming a file is read as the file
const isFile = (() => {
  try {
    return statSync(given).isFile();
  } catch {
    return false;
  }
})();
let certificate = given;
if (isFile) {
  try {
    certificate = readFileSync(given, 'utf8');
  } catch (err) {
    usage(`读取证书文件失败: ${err.message}`);
  }
}

let key;
try {
  const pem = readFileSync(keyFile, 'utf8');
  // createPublicKey would take a private key too; whoever holds one should not be copying it onto boxes
  if (pem.includes('PRIVATE KEY')) usage('这是私钥,请使用平台公钥 (/custom/api/v1/tools/license/public_key)');
  key = createPublicKey(pem);
} catch (err) {
  usage(`读取公钥失败: ${err.message}`);
}
if (key.asymmetricKeyType !== 'ed25519') usage(`公钥不是 Ed25519 公钥 (${key.asymmetricKeyType})`);

const now = Math.floor(Date.now() / 1000);
const verdict = check(certificate, key, now, fingerprint);
const when = (s) => new Date(s * 1000).toISOString();
if (!verdict.valid) {
  console.log(verdict.reason);
  if (verdict.reason === REFUSAL.malformed && !isFile && !certificate.includes('.')) console.log(`(${given} 不是证书,也不是可读的文件)`);
  if (verdict.claims) console.log(JSON.stringify(verdict.claims, null, 2));
  process.exit(1);
}
const c = verdict.claims;
console.log('有效');
console.log(`${TYPE_TITLES[c.type]} 设备 ${c.sub} 生效 ${when(c.nbf)} 到期 ${when(c.exp)}${fingerprint === undefined ? ' (未核对设备指纹)' : ' 设备指纹一致'}`);
console.log(JSON.stringify(c, null, 2));

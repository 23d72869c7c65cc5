import { CONFIG_KEY, DEFAULT_DEBUG_POOL, type configResource, blocksOverlap, configValueError, parseBlock } from '@gw/contracts';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { config } from '../../db/schema.js';
import { badRequest, refused } from '../../http/errors.js';
import type { ResourceHooks } from '../../http/resource/types.js';
import { refuseDuplicate } from '../../http/resource/unique.js';
import { requireVendorScope } from '../../http/scope.js';
import { MSG } from './messages.js';

/**
 * 通用配置 rules: platform-wide settings change only by the vendor's staff; built-in keys stay (the console and
 * the server read them by key) and hold values of their type.
 */
export const configRules: Pick<ResourceHooks<typeof config, typeof configResource>, 'checkWrite' | 'checkDelete'> = {
  async checkWrite(req, values, current, tx) {
    requireVendorScope(req, MSG.vendorOnly);
    // a create names it (its schema requires a key), an update may keep the stored one
    const key = (values.key ?? current?.key) as string;
    if (current?.builtin && key !== current.key) throw refused(MSG.renameBuiltin);
    await refuseDuplicate(tx, { table: config, id: config.id, column: config.key }, key, current, MSG.keyTaken);
    // the schema checks a value sent with its key; a value or key sent alone is checked against the stored other half
    const value = values.value ?? current?.value ?? '';
    const error = configValueError(key, value);
    if (error) throw badRequest(`参数错误 value: ${error}`);
    if (POOL_KEYS.includes(key)) await refuseOverlappingPools(tx, key, value);
  },

  async checkDelete(req, current) {
    requireVendorScope(req, MSG.vendorOnly);
    if (current.builtin) throw refused(MSG.deleteBuiltin);
  },
};

/** The pools the hub routes: boxes' addresses, machine tools' /24s and engineers' clients' addresses. */
const POOLS: Record<string, { title: string; fallback: string }> = {
  [CONFIG_KEY.vpnPool]: { title: 'VPN 地址池 (vpn_pool)', fallback: '10.8.0.0/16' },
  [CONFIG_KEY.machinePool]: { title: '机床地址池 (machine_pool)', fallback: '10.100.0.0/16' },
  [CONFIG_KEY.debugPool]: { title: '调试地址池 (debug_pool)', fallback: DEFAULT_DEBUG_POOL },
};
const POOL_KEYS = Object.keys(POOLS);

/**
 * The three pools never overlap: a packet to an address in two of them would have two peers to go to, and the
 * hub refuses such a state. The write of one is checked against the other two as stored.
 */
async function refuseOverlappingPools(tx: Tx, key: string, value: string): Promise<void> {
  const block = parseBlock(value.trim());
  if (!block) return;
  const stored = await tx.select({ key: config.key, value: config.value }).from(config).where(inArray(config.key, POOL_KEYS));
  for (const other of POOL_KEYS.filter((k) => k !== key)) {
    const text = stored.find((row) => row.key === other)?.value ?? POOLS[other].fallback;
    const otherBlock = parseBlock(text.trim());
    if (otherBlock && blocksOverlap(block, otherBlock)) throw badRequest(`参数错误 value: 地址池重叠: ${POOLS[key].title} ${value} 与 ${POOLS[other].title} ${text} 重叠`);
  }
}

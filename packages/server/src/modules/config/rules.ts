import { configValueError } from '@gw/contracts';
import { config } from '../../db/schema.js';
import { badRequest, refused } from '../../http/errors.js';
import type { WriteHooks } from '../../http/resource/types.js';
import { refuseDuplicate } from '../../http/resource/unique.js';
import { requireVendorScope } from '../../http/scope.js';
import { MSG } from './messages.js';

/**
 * 通用配置 rules: platform-wide settings change only by the vendor's staff; built-in keys stay (the console and
 * the server read them by key) and hold values of their type.
 */
export const configRules: Pick<WriteHooks, 'checkWrite' | 'checkDelete'> = {
  async checkWrite(req, values, current, tx) {
    requireVendorScope(req, MSG.vendorOnly);
    const key = (values.key as string | undefined) ?? (current?.key as string);
    if (current?.builtin && key !== current.key) throw refused(MSG.renameBuiltin);
    await refuseDuplicate(tx, { table: config, id: config.id, column: config.key }, key, current, MSG.keyTaken);
    // the schema checks a value sent with its key; a value or key sent alone is checked against the stored other half
    const value = (values.value as string | undefined) ?? (current?.value as string | undefined) ?? '';
    const error = configValueError(key, value);
    if (error) throw badRequest(`参数错误 value: ${error}`);
  },

  async checkDelete(req, current) {
    requireVendorScope(req, MSG.vendorOnly);
    if (current.builtin) throw refused(MSG.deleteBuiltin);
  },
};

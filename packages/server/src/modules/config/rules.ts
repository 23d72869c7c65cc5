import { type configResource, configValueError } from '@gw/contracts';
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
  },

  async checkDelete(req, current) {
    requireVendorScope(req, MSG.vendorOnly);
    if (current.builtin) throw refused(MSG.deleteBuiltin);
  },
};

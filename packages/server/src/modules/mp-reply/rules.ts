import { mpReplyIssues } from '@gw/contracts';
import { badRequest } from '../../http/errors.js';
import type { WriteHooks } from '../../http/resource/types.js';
import { requireVendorScope } from '../../http/scope.js';
import { MSG } from './messages.js';

/**
 * 自动回复 rules: written by the vendor's staff only (one official account serves every customer); an update
 * keeps the whole rule valid — a field sent alone is checked with the stored rest (e.g. match → regex checks
 * the stored keywords).
 */
export const mpReplyRules: Pick<WriteHooks, 'checkWrite' | 'checkDelete'> = {
  async checkWrite(req, values, current) {
    requireVendorScope(req, MSG.vendorOnly);
    if (!current) return;
    const sent = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    const [issue] = mpReplyIssues({ ...current, ...sent });
    if (issue) throw badRequest(`参数错误 ${issue.path}: ${issue.message}`);
  },

  async checkDelete(req) {
    requireVendorScope(req, MSG.vendorOnly);
  },
};

import type { FastifyRequest } from 'fastify';
import { refused } from '../../http/errors.js';
import type { Row } from '../../http/resource/types.js';
import { MSG } from './messages.js';

/**
 * Nobody deletes the platform's own record or the company they belong to (it would lock them out of
 * everything). What still hangs on a company (users, subsidiaries) the tree's delete guard checks.
 */
export async function checkCustomerDelete(req: FastifyRequest, current: Row): Promise<void> {
  if (current.is_vendor) throw refused(MSG.deleteVendor);
  if (req.user.customerId === current.id) throw refused(MSG.deleteOwn);
}

import { type Action, findMenu } from '@gw/contracts';
import { COMPANY_PATH } from '../../utils/menus';
import { useCan } from '../../utils/permission';
import type { FilterField } from './types';

/**
 * The filters whose options the user may load: a company filter needs 查询 on the customers, a remote one 查询 on
 * the menu its url is (a url that is no menu, such as a route of its own, stays). A filter the user could not
 * fill is left out rather than drawn as a select that fails to load.
 */
export function readableFilters(fields: FilterField[], can: (menu: string, action: Action) => boolean): FilterField[] {
  const readable = (url: string) => !findMenu(url) || can(url, 'query');
  return fields.filter((field) => {
    if (field.type === 'company') return readable(COMPANY_PATH);
    if (field.type === 'remote') return readable(field.remote?.url ?? '');
    return true;
  });
}

/**
 * `readableFilters` for the signed-in user.
 *
 * @example filters={useReadableFilters(filtersFrom(deviceResource))} // a customer's user without 设备类型 has no type filter
 */
export function useReadableFilters(fields: FilterField[]): FilterField[] {
  return readableFilters(fields, useCan());
}

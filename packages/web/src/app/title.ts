import { routeTitle } from '../i18n';
import { PRODUCT_TITLE } from '../settings';

/** The document title: translated route title + ' - ' + product title, or the product title alone. */
export function pageTitle(titleKey?: string): string {
  const title = routeTitle(titleKey);
  return title ? `${title} - ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}

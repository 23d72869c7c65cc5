import { FLEET_DICT } from '@gw/contracts';
import { dict, dictTitle } from '../../utils/dictionary';

/** A controller brand's title from the dictionary machinetoolcategory (the value itself when the dictionary lacks it). */
export const categoryTitle = (category: string) => dictTitle(FLEET_DICT.machineToolCategory, category) || category;

/** The brands a machine tool may have, as the dictionary cached at login lists them. */
export const categoryOptions = () => dict(FLEET_DICT.machineToolCategory).map((item) => ({ value: String(item.value), label: item.title }));

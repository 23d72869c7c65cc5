import { type FilterOption, goodsResource } from '@gw/contracts';

const enabledInput = goodsResource.filters?.enabled?.input;

/** 启用 / 停用, as the descriptor's state filter words them (one wording for the filter, the tag and the switch). */
export const ENABLED_OPTIONS: readonly FilterOption[] = enabledInput?.type === 'select' ? enabledInput.options : [];

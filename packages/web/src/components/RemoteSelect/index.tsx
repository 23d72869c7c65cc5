import { Select, type SelectProps } from 'antd';
import type { UIEvent } from 'react';
import { withLoadMore } from './LoadMore';
import { type RemoteItem, type RemoteSource, useRemoteOptions } from './useRemoteOptions';

/** An option of the select: the value, the label and the item it was made from. */
export interface RemoteOption {
  value: string | number;
  label: string;
  item: RemoteItem;
}

export type RemoteSelectProps = RemoteSource &
  Omit<SelectProps, 'options' | 'showSearch' | 'filterOption' | 'onSearch' | 'popupRender' | 'onPopupScroll' | 'loading'> & {
    /** Item field used as the option value (default 'id'). */
    valueField?: string;
    /** Item field shown as the option label (default 'name'). */
    labelField?: string;
  };

/**
 * A select whose options come from a list endpoint, searched on the server as the user types; 加载更多 (or scrolling
 * to the bottom) fetches ten more.
 *
 * @example <RemoteSelect url={COMPANY_PATH} labelField="company_name" params={{ status: 1 }} />
 * @example <RemoteSelect url={GOODS_PATH} onChange={(id, option) => setPrice((option as RemoteOption).item.price)} />
 */
export function RemoteSelect(props: RemoteSelectProps) {
  const { url, keywordParam, params, listField, limit, debounce, valueField = 'id', labelField = 'name', ...rest } = props;
  const { items, loading, hasMore, search, loadMore } = useRemoteOptions({ url, keywordParam, params, listField, limit, debounce });
  // each option carries its item, so `onChange(value, option)` can read more of it (a type's price fills a line's)
  const options: RemoteOption[] = items.map((item) => ({ value: item[valueField] as string | number, label: String(item[labelField] ?? item[valueField]), item }));

  const onPopupScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 8) loadMore();
  };

  return (
    <Select
      allowClear
      {...rest}
      showSearch={{ filterOption: false, onSearch: search }}
      loading={loading}
      options={options}
      onPopupScroll={onPopupScroll}
      popupRender={withLoadMore({ hasMore, loading, loadMore })}
    />
  );
}

export default RemoteSelect;

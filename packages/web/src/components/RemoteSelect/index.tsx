import { Select, type SelectProps } from 'antd';
import type { UIEvent } from 'react';
import { withLoadMore } from './LoadMore';
import { type RemoteSource, useRemoteOptions } from './useRemoteOptions';

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
 * @example <RemoteSelect url="/manager/custom" labelField="company_name" params={{ status: 1 }} />
 */
export function RemoteSelect(props: RemoteSelectProps) {
  const { url, keywordParam, params, listField, limit, debounce, valueField = 'id', labelField = 'name', ...rest } = props;
  const { items, loading, hasMore, search, loadMore } = useRemoteOptions({ url, keywordParam, params, listField, limit, debounce });
  const options = items.map((item) => ({ value: item[valueField] as string | number, label: String(item[labelField] ?? item[valueField]) }));

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

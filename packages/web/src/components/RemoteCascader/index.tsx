import { Cascader, type CascaderProps } from 'antd';
import { withLoadMore } from '../RemoteSelect/LoadMore';
import { type RemoteSource, useRemoteOptions } from '../RemoteSelect/useRemoteOptions';

export type RemoteCascaderProps = RemoteSource &
  Omit<CascaderProps, 'options' | 'fieldNames' | 'showSearch' | 'popupRender' | 'loading' | 'multiple'> & {
    /** Item field used as the value (default 'id'). */
    valueField?: string;
    /** Item field shown (default 'name'). */
    labelField?: string;
    /** Item field holding the children (default 'children'). */
    childrenField?: string;
  };

/**
 * A cascader over a tree from a list endpoint, searched on the server as the user types; 加载更多 fetches ten
 * more top-level items.
 *
 * @example <RemoteCascader url="/manager/organization" labelField="title" />
 */
export function RemoteCascader(props: RemoteCascaderProps) {
  const { url, keywordParam, params, listField, limit, debounce, valueField = 'id', labelField = 'name', childrenField = 'children', ...rest } = props;
  const { items, loading, hasMore, search, loadMore } = useRemoteOptions({ url, keywordParam, params, listField, limit, debounce });
  return (
    <Cascader
      allowClear
      {...rest}
      options={items as CascaderProps['options']}
      fieldNames={{ value: valueField, label: labelField, children: childrenField }}
      // the server already filtered by the keyword: show every path it sent
      showSearch={{ onSearch: search, filter: () => true }}
      loading={loading}
      popupRender={withLoadMore({ hasMore, loading, loadMore })}
    />
  );
}

export default RemoteCascader;

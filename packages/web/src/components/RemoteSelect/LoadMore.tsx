import { Button } from 'antd';
import type { ReactElement } from 'react';
import { REMOTE_LABELS } from './messages';

/** The 加载更多 button under a remote option list. */
export function LoadMore({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <Button type="link" block size="small" autoInsertSpace={false} loading={loading} onMouseDown={(e) => e.preventDefault()} onClick={onClick}>
      {REMOTE_LABELS.loadMore}
    </Button>
  );
}

/** A popupRender that puts LoadMore under the menu while there is more to fetch. */
export function withLoadMore({ hasMore, loading, loadMore }: { hasMore: boolean; loading: boolean; loadMore: () => void }) {
  return function popupRender(menu: ReactElement) {
    return (
      <>
        {menu}
        {hasMore && <LoadMore loading={loading} onClick={loadMore} />}
      </>
    );
  };
}

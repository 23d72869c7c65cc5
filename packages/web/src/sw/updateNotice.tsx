import { Button, notification } from 'antd';

export const SW_TEXT = { updated: '新内容可用', refresh: '刷新' } as const;

const KEY = 'sw-updated';

/**
 * The "new version" pop-up. antd's static notification, because the worker is registered outside the React tree
 * and the pop-up must appear on any page, login included. It stays until the user refreshes.
 */
export function showUpdateNotice(onRefresh: () => void): void {
  notification.info({
    key: KEY,
    title: SW_TEXT.updated,
    duration: 0,
    actions: (
      <Button
        type="primary"
        size="small"
        onClick={() => {
          notification.destroy(KEY);
          onRefresh();
        }}
      >
        {SW_TEXT.refresh}
      </Button>
    ),
  });
}

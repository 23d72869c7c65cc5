import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSettingsStore } from '../../stores/settings';
import { useTagsViewStore, type TagView } from '../../stores/tagsView';
import { useRouteTitle } from '../routes';
import { useLayoutStore } from '../store';
import { useVisitedViews } from './useVisitedViews';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/**
 * The tab actions. Closing the open tab goes to the last remaining one (or '/'); close others keeps the chosen
 * tab and opens it; close all keeps only the pinned tabs; refresh re-mounts the page without reloading.
 */
function useTagActions(): Record<Action, (view: TagView) => void> {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const refreshPage = useLayoutStore((s) => s.refreshPage);
  const store = () => useTagsViewStore.getState();
  const isOpen = (view: TagView) => view.path === pathname;
  const toLastView = (views: TagView[]) => void navigate(views.at(-1)?.fullPath ?? '/');

  return {
    refresh(view) {
      store().delCachedView(view.path);
      if (!isOpen(view)) void navigate(view.fullPath);
      refreshPage();
    },
    close(view) {
      store().delView(view.path);
      if (isOpen(view)) toLastView(store().visitedViews);
    },
    closeOthers(view) {
      store().delOthersViews(view.path);
      if (!isOpen(view)) void navigate(view.fullPath);
    },
    closeAll() {
      store().delAllViews();
      const left = store().visitedViews;
      if (!left.some((v) => v.path === pathname)) toLastView(left);
    },
  };
}

/** The bar of visited pages under the header; right-click a tab for 刷新 / 关闭 / 关闭其它 / 关闭所有. */
export function TagsView() {
  useVisitedViews();
  const { t } = useTranslation();
  const title = useRouteTitle();
  const { pathname } = useLocation();
  const views = useTagsViewStore((s) => s.visitedViews);
  const theme = useSettingsStore((s) => s.theme);
  const actions = useTagActions();
  const activeRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  const menu = (view: TagView): MenuProps => ({
    items: (['refresh', 'close', 'closeOthers', 'closeAll'] as const)
      .filter((a) => a !== 'close' || !view.affix)
      .map((a) => ({ key: a, label: t(`tagsView.${a}`) })),
    onClick: ({ key }) => actions[key as Action](view),
  });

  return (
    <nav className="tags-view-container" aria-label="tags-view">
      {views.map((view) => {
        const active = view.path === pathname;
        const label = title(view.title);
        const onClose = (e: MouseEvent) => {
          e.preventDefault();
          e.stopPropagation();
          actions.close(view);
        };
        return (
          <Dropdown key={view.path} trigger={['contextMenu']} menu={menu(view)}>
            <Link
              ref={active ? activeRef : undefined}
              to={view.fullPath}
              className={`tags-view-item${active ? ' active' : ''}`}
              style={active ? { backgroundColor: theme, borderColor: theme } : undefined}
              aria-current={active ? 'page' : undefined}
              onMouseUp={(e) => e.button === 1 && !view.affix && onClose(e)}
            >
              {label}
              {!view.affix && (
                <span role="button" className="tags-view-close" aria-label={`${t('tagsView.close')} ${label}`} onClick={onClose}>
                  <CloseOutlined />
                </span>
              )}
            </Link>
          </Dropdown>
        );
      })}
    </nav>
  );
}

import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSettingsStore } from '../../stores/settings';
import { useTagsViewStore, type TagView } from '../../stores/tagsView';
import { LAYOUT_TEXT } from '../messages';
import { useRouteTitle } from '../routes';
import { useLayoutStore } from '../store';
import { inkOf } from '../theme';
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

/**
 * Scrolls `bar` sideways just enough to show `tab` whole, with a little of its neighbours (`margin`); the rest of
 * the page does not move (unlike scrollIntoView, which also scrolls the window).
 */
export function revealTab(bar: HTMLElement, tab: HTMLElement, margin = 24): void {
  const barBox = bar.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  // where the tab lies along the bar's whole scrolled strip
  const start = tabBox.left - barBox.left + bar.scrollLeft;
  const end = start + tabBox.width;
  if (start - margin < bar.scrollLeft) bar.scrollLeft = Math.max(0, start - margin);
  else if (end + margin > bar.scrollLeft + bar.clientWidth) bar.scrollLeft = end + margin - bar.clientWidth;
}

/**
 * The bar of visited pages under the header; right-click a tab for 刷新 / 关闭 / 关闭其它 / 关闭所有. When the tabs
 * overflow, the bar scrolls sideways (the mouse wheel too) and always brings the open page's tab into view. Each
 * tab is a link with its close button beside it, not inside it: one control never holds another.
 */
export function TagsView() {
  useVisitedViews();
  const { t } = useTranslation();
  const title = useRouteTitle();
  const { pathname } = useLocation();
  const views = useTagsViewStore((s) => s.visitedViews);
  const ink = useSettingsStore((s) => inkOf(s.theme).ink);
  const actions = useTagActions();
  const barRef = useRef<HTMLElement>(null);

  // after the tab of a newly opened page is there too, which is a render after the navigation; and again when the
  // bar gets its size back: while a page's code still loads, the frame can be hidden (no boxes, nothing to scroll)
  // at the moment the tab becomes active
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    // the active tab looked up in the bar, not through a ref: the dropdown around each tab composes the refs of
    // its child and kept the tab that was active before
    const reveal = () => {
      const active = bar.querySelector<HTMLElement>('.tags-view-item.active');
      if (bar.clientWidth > 0 && active) revealTab(bar, active);
    };
    reveal();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(reveal);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [pathname, views]);

  const menu = (view: TagView): MenuProps => ({
    items: (['refresh', 'close', 'closeOthers', 'closeAll'] as const)
      .filter((a) => a !== 'close' || !view.affix)
      .map((a) => ({ key: a, label: t(`tagsView.${a}`) })),
    onClick: ({ key }) => actions[key as Action](view),
  });

  return (
    <nav
      ref={barRef}
      className="tags-view-container"
      aria-label={LAYOUT_TEXT.tagsBar}
      onWheel={(e) => {
        if (barRef.current && !e.deltaX) barRef.current.scrollLeft += e.deltaY;
      }}
    >
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
            <span
              className={`tags-view-item${active ? ' active' : ''}`}
              // the ink of the theme colour: white 12 px text needs 4.5:1, which #409EFF itself does not give
              style={active ? { backgroundColor: ink, borderColor: ink } : undefined}
              onMouseUp={(e) => e.button === 1 && !view.affix && onClose(e)}
            >
              <Link to={view.fullPath} className="tags-view-link" aria-current={active ? 'page' : undefined}>
                {label}
              </Link>
              {!view.affix && (
                <button type="button" className="tags-view-close" aria-label={`${t('tagsView.close')} ${label}`} onClick={onClose}>
                  <CloseOutlined />
                </button>
              )}
            </span>
          </Dropdown>
        );
      })}
    </nav>
  );
}

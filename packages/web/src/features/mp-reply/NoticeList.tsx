import { type WechatNotice, wechatNoticeResource } from '@gw/contracts';
import { ListGrid, ListSearchBar, ListToolbar, ResourceList, rowActionsFrom } from '../../components/ResourceTable';
import { noticeColumns } from './noticeColumns';

/** 重新发送, from the descriptor, on the notices that could not go. */
const RESEND = rowActionsFrom<WechatNotice>(wechatNoticeResource, undefined, { resend: { visible: (n) => n.state === 'unsent' } });

/**
 * 通知发件箱: the WeChat notices to bound users, newest first, each with what became of it (未发送 says why).
 * Read-only; its state stays out of the URL, which the rules' list beside it keeps.
 */
export function NoticeList() {
  return (
    <ResourceList<WechatNotice> descriptor={wechatNoticeResource} columns={noticeColumns} rowActions={RESEND} syncUrl={false}>
      <ListSearchBar />
      <ListToolbar />
      <ListGrid<WechatNotice> />
    </ResourceList>
  );
}

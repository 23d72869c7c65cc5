import {
  WECHAT_NOTICE_KIND_TITLES,
  WECHAT_NOTICE_STATE_COLORS,
  WECHAT_NOTICE_STATE_TITLES,
  type WechatNotice,
  type WechatNoticeKind,
  type WechatNoticeState,
} from '@gw/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { parseTime } from '../../utils/format';

const time = (value: string | null) => parseTime(value);

/** A notice's 状态 in the contract's colours: 待发送 blue, 已发送 green, 未发送 orange. */
export const NoticeStateTag = ({ state }: { state: WechatNoticeState }) => <Tag color={WECHAT_NOTICE_STATE_COLORS[state]}>{WECHAT_NOTICE_STATE_TITLES[state]}</Tag>;

/** 类型, 用户, 标题, 状态, 原因, 尝试次数, 创建时间, 发送时间; titles from the descriptor. */
export const noticeColumns: ColumnsType<WechatNotice> = [
  { key: 'kind', dataIndex: 'kind', render: (kind: WechatNoticeKind) => WECHAT_NOTICE_KIND_TITLES[kind] },
  { key: 'username', dataIndex: 'username' },
  { key: 'title', dataIndex: 'title', ellipsis: true },
  { key: 'state', dataIndex: 'state', render: (state: WechatNoticeState) => <NoticeStateTag state={state} /> },
  { key: 'reason', dataIndex: 'reason', ellipsis: true },
  { key: 'attempts', dataIndex: 'attempts', align: 'right' },
  { key: 'created_at', dataIndex: 'created_at', render: time },
  { key: 'sent_at', dataIndex: 'sent_at', render: time },
];

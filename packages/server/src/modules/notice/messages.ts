import { WECHAT_NOTICE_STATE_TITLES, type WechatNoticeState } from '@gw/contracts';
import { zoneTime } from '../../lib/platform-zone.js';

/** What the outbox tells the user. */
export const MSG = {
  resendOnlyUnsent: (state: WechatNoticeState) => `只有未发送的通知可以重新发送 (当前: ${WECHAT_NOTICE_STATE_TITLES[state]})`,
  resent: '已重新加入发送队列',
  userGone: '接收通知的用户已删除, 无法重新发送',
  userDisabled: '接收通知的用户已停用, 无法重新发送',
  userUnbound: '接收通知的用户已解除微信绑定, 无法重新发送',
} as const;

/** Hints for WeChat's refusals a user can act on; other codes show WeChat's own errmsg only. */
const HINTS: Record<number, string> = {
  40003: 'OpenID 无效, 请用户重新绑定',
  43004: '用户未关注公众号',
  45015: '用户 48 小时内未与公众号互动, 客服消息无法送达',
  45047: '客服消息超过下发上限',
  40037: '模板 ID 无效, 请检查参数设置 wechat_template_alarm / wechat_template_license',
  47003: '模板字段内容不符合要求, 请检查参数设置中的模板',
};

/** Why a notice stayed 未发送 (its `reason`); while a node sends it, a 待发送 notice shows `sending`. */
export const REASON = {
  sending: '发送中',
  notConfigured: '未配置公众号 AppID/AppSecret',
  unreachable: (message: string) => `无法连接微信服务器: ${message}`,
  refused: (errcode: number, errmsg: string) => `微信返回错误 ${errcode}: ${errmsg}${HINTS[errcode] ? ` (${HINTS[errcode]})` : ''}`,
  badAnswer: (status: number) => `微信服务器应答无法识别 (HTTP ${status})`,
} as const;

/** A box as a notice names it: gateway id, then its name when it says more. */
const boxName = (gatewayId: string, name: string) => (name && name !== gatewayId ? `${gatewayId} ${name}` : gatewayId);

export interface AlarmFacts {
  gateway_id: string;
  machine: string;
  alarm_no: string;
  alarm_msg: string;
  started_at: Date;
}

/**
 * A notice as it is stored: its title, the text a customer-service message carries (the title as its first
 * line), and its facts by the names a template's fields use (NOTICE_TEMPLATE_FACTS).
 */
export interface NoticeText {
  title: string;
  content: string;
  facts: Record<string, string>;
}

/** 设备告警: which box and machine tool, the alarm, and when it started. */
export function alarmNotice(a: AlarmFacts): NoticeText {
  const title = `设备告警: ${a.gateway_id} ${a.machine}`.trim();
  const time = zoneTime(a.started_at);
  const message = a.alarm_msg.slice(0, 300) || '无';
  const lines = [title, `报警号: ${a.alarm_no}`, `报警信息: ${message}`, `时间: ${time}`];
  return { title, content: lines.join('\n'), facts: { title, gateway_id: a.gateway_id, machine: a.machine, alarm_no: a.alarm_no, alarm_msg: message, time } };
}

export interface LicenseFacts {
  gateway_id: string;
  device_name: string;
  exp: Date;
}

/** 授权即将到期: which box, and when its licence ends. */
export function licenseNotice(l: LicenseFacts): NoticeText {
  const title = '授权即将到期';
  const device = boxName(l.gateway_id, l.device_name);
  const exp = zoneTime(l.exp);
  const lines = [title, `设备: ${device}`, `到期时间: ${exp}`, '到期后设备将无法使用授权功能, 请及时续期'];
  return { title, content: lines.join('\n'), facts: { title, gateway_id: l.gateway_id, device, exp } };
}

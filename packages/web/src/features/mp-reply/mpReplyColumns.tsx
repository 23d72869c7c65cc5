import { MP_MATCH_TITLES, MP_REPLY_TRIGGER_TITLES, MP_REPLY_TYPE_TITLES, type MpReply, type MpReplyTrigger } from '@gw/contracts';
import { Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useResourceListContext } from '../../components/ResourceTable';
import { parseTime } from '../../utils/format';

const TRIGGER_COLORS: Record<MpReplyTrigger, string> = { keyword: 'blue', subscribe: 'green', default: 'default' };

export const TriggerTag = ({ trigger }: { trigger: MpReplyTrigger }) => <Tag color={TRIGGER_COLORS[trigger]}>{MP_REPLY_TRIGGER_TITLES[trigger]}</Tag>;

/** 启用 as a switch that saves at once for whoever may edit; read-only otherwise. */
function EnabledSwitch({ rule }: { rule: MpReply }) {
  const list = useResourceListContext<MpReply>();
  return (
    <Switch
      size="small"
      checked={rule.enabled}
      disabled={!list.can('edit')}
      onChange={(enabled) => void list.update(rule.id, { enabled }).catch(() => undefined)}
    />
  );
}

const keywordRule = (rule: MpReply) => rule.trigger === 'keyword';

/** 规则名称, 触发方式, 关键词, 匹配方式, 回复类型, 优先级, 启用, 命中次数, 最近命中; titles from the descriptor. */
export const mpReplyColumns: ColumnsType<MpReply> = [
  { key: 'name', dataIndex: 'name' },
  { key: 'trigger', dataIndex: 'trigger', render: (trigger: MpReplyTrigger) => <TriggerTag trigger={trigger} /> },
  {
    key: 'keywords',
    dataIndex: 'keywords',
    render: (keywords: string[], rule) => (keywordRule(rule) ? keywords.map((k) => <Tag key={k}>{k}</Tag>) : '-'),
  },
  { key: 'match', dataIndex: 'match', render: (_: unknown, rule) => (keywordRule(rule) ? MP_MATCH_TITLES[rule.match] : '-') },
  { key: 'reply_type', dataIndex: 'reply_type', render: (_: unknown, rule) => MP_REPLY_TYPE_TITLES[rule.reply_type] },
  { key: 'priority', dataIndex: 'priority', align: 'right' },
  { key: 'enabled', dataIndex: 'enabled', render: (_: unknown, rule) => <EnabledSwitch rule={rule} /> },
  { key: 'hits', dataIndex: 'hits', align: 'right' },
  { key: 'last_hit_at', dataIndex: 'last_hit_at', render: (value: string | null) => parseTime(value) },
];

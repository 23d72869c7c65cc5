import {
  MP_MATCH_TITLES,
  MP_MATCH_TYPES,
  MP_REPLY_TRIGGERS,
  MP_REPLY_TRIGGER_TITLES,
  MP_REPLY_TYPES,
  MP_REPLY_TYPE_TITLES,
  type MpReply,
  type MpReplyCreate,
  labelOf,
  mpReplyCreateSchema,
  mpReplyIssues,
  mpReplyResource,
} from '@gw/contracts';
import { Form, type FormInstance, Input, InputNumber, Radio, Select, Switch } from 'antd';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { zodRule } from '../../utils/form';
import { M } from './messages';
import { MpArticlesField } from './MpArticlesField';

const shape = mpReplyCreateSchema.shape;
const label = (field: string) => labelOf(mpReplyResource, field);
const optionsOf = <K extends string>(keys: readonly K[], titles: Record<K, string>) => keys.map((value) => ({ value, label: titles[value] }));

type Values = Partial<MpReplyCreate>;

/**
 * A rule of the contract's whole-rule checks (mpReplyIssues) for one field, on the form's values as they stand:
 * a field not shown counts as empty (keywords of a keyword rule, a regex that is unsafe, the reply of its type).
 */
const issueRule = (form: FormInstance, path: string) => ({
  validator: async () => {
    const v = form.getFieldsValue(true) as Values;
    const whole = { ...v, keywords: v.keywords ?? [], content: v.content ?? '', media_id: v.media_id ?? '', articles: v.articles ?? [] };
    const issue = mpReplyIssues(whole).find((i) => i.path === path);
    if (issue) throw new Error(issue.message);
  },
});

/** The form → the body: a rule fired by anything but keywords keeps none. */
export const mpReplyBody = (values: Record<string, unknown>) => (values.trigger === 'keyword' ? values : { ...values, keywords: [] });

/**
 * 自动回复 rule: 规则名称, 触发方式, and for a keyword rule 关键词 and 匹配方式 (a regex checked safe as it is
 * entered), 回复类型 with its reply (文本, 图片 MediaId or up to 8 图文), 优先级 and 启用.
 */
export function MpReplyForm({ mode, record, form }: ResourceFormProps<MpReply>) {
  const adding = mode === 'add';
  const trigger = (Form.useWatch('trigger', form) as MpReply['trigger'] | undefined) ?? record?.trigger ?? 'keyword';
  const replyType = (Form.useWatch('reply_type', form) as MpReply['reply_type'] | undefined) ?? record?.reply_type ?? 'text';
  return (
    <>
      <Form.Item name="name" label={label('name')} rules={[{ required: true, message: '请输入规则名称' }, zodRule(shape.name)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="trigger" label={label('trigger')} initialValue={adding ? 'keyword' : undefined}>
        <Radio.Group options={optionsOf(MP_REPLY_TRIGGERS, MP_REPLY_TRIGGER_TITLES)} />
      </Form.Item>
      {/* its own id: the search bar's 关键词 input above the list already has `keywords` */}
      {trigger === 'keyword' && (
        <>
          <Form.Item
            name="keywords"
            label={label('keywords')}
            htmlFor="mp_reply_keywords"
            required
            dependencies={['match']}
            initialValue={adding ? [] : undefined}
            rules={[zodRule(shape.keywords), issueRule(form, 'keywords')]}
          >
            <Select id="mp_reply_keywords" mode="tags" placeholder={M.keywordsPlaceholder} tokenSeparators={[',', '，']} suffixIcon={null} open={false} />
          </Form.Item>
          <Form.Item name="match" label={label('match')} initialValue={adding ? 'exact' : undefined}>
            <Radio.Group options={optionsOf(MP_MATCH_TYPES, MP_MATCH_TITLES)} />
          </Form.Item>
        </>
      )}
      <Form.Item name="reply_type" label={label('reply_type')} initialValue={adding ? 'text' : undefined}>
        <Radio.Group options={optionsOf(MP_REPLY_TYPES, MP_REPLY_TYPE_TITLES)} optionType="button" />
      </Form.Item>
      {replyType === 'text' && (
        <Form.Item name="content" label={label('content')} required rules={[zodRule(shape.content), issueRule(form, 'content')]}>
          <Input.TextArea rows={4} maxLength={2000} showCount placeholder={M.contentPlaceholder} />
        </Form.Item>
      )}
      {replyType === 'image' && (
        <Form.Item name="media_id" label={label('media_id')} required rules={[zodRule(shape.media_id), issueRule(form, 'media_id')]}>
          <Input maxLength={200} placeholder={M.mediaIdPlaceholder} />
        </Form.Item>
      )}
      {replyType === 'news' && <MpArticlesField label={label('articles')} rules={[issueRule(form, 'articles')]} />}
      <Form.Item
        name="priority"
        label={label('priority')}
        extra={M.priorityHint}
        initialValue={adding ? 0 : undefined}
        rules={[{ required: true, message: '请输入优先级' }, zodRule(shape.priority)]}
      >
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="enabled" label={label('enabled')} valuePropName="checked" initialValue={adding ? true : undefined}>
        <Switch />
      </Form.Item>
    </>
  );
}

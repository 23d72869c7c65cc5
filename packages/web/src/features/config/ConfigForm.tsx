import { type ConfigItem, YES_NO_OPTIONS, configKeySchema, configResource, configValueError, labelOf, optionLabel } from '@gw/contracts';
import { Form, type FormRule, Input, Switch } from 'antd';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { zodRule } from '../../utils/form';
import { ConfigValueInput } from './ConfigValueInput';
import { M } from './messages';

const label = (field: string) => labelOf(configResource, field);

/** The value checked by the contracts' rule for the key in the form (downloads: a JSON array, …), as the server checks it. */
const valueRule: FormRule = ({ getFieldValue }) => ({
  async validator(_rule, value: unknown) {
    const key = String(getFieldValue('key') ?? '').trim();
    const error = configValueError(key, typeof value === 'string' ? value : '');
    if (error) throw new Error(error);
  },
});

/** 配置键 (fixed for built-in items), 配置值 (through fields where it is JSON), 描述 and 公开. */
export function ConfigForm({ mode, record, form }: ResourceFormProps<ConfigItem>) {
  const fixedKey = mode === 'edit' && !!record?.builtin;
  const configKey = String(Form.useWatch('key', form) ?? record?.key ?? '').trim();
  return (
    <>
      <Form.Item
        name="key"
        label={label('key')}
        extra={fixedKey ? M.builtinKeyHint : undefined}
        validateFirst
        rules={[{ required: true, message: M.keyRequired }, zodRule(configKeySchema)]}
      >
        <Input disabled={fixedKey} maxLength={64} />
      </Form.Item>
      <Form.Item name="value" label={label('value')} dependencies={['key']} rules={[valueRule]}>
        <ConfigValueInput configKey={configKey} />
      </Form.Item>
      <Form.Item name="description" label={label('description')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item name="public" label={label('public')} valuePropName="checked" extra={M.publicHint}>
        <Switch checkedChildren={optionLabel(YES_NO_OPTIONS, true)} unCheckedChildren={optionLabel(YES_NO_OPTIONS, false)} />
      </Form.Item>
    </>
  );
}

/** Form values → body: the value is always sent (an emptied value is ''), the key only when it may change. */
export const configBody = (values: Record<string, unknown>, record?: ConfigItem) => {
  const body = { value: values.value ?? '', description: values.description ?? '', public: !!values.public };
  return record?.builtin ? body : { key: values.key, ...body };
};

import { DEVICE_PATH, GOODS_OPTIONS_URL, ROLLOUT_TARGET_TITLES, ROLLOUT_TARGET_TYPES, type RolloutTargetType, TAG_PATH, labelOf, rolloutResource, rolloutTargetSchema } from '@gw/contracts';
import { Form, Radio } from 'antd';
import { RemoteSelect } from '../../components/RemoteSelect';
import { CompanyTreeSelect } from '../../components/ResourceTable/CompanyTreeSelect';
import { zodRule } from '../../utils/form';
import { M } from './messages';

const TYPE_OPTIONS = ROLLOUT_TARGET_TYPES.map((type) => ({ value: type, label: ROLLOUT_TARGET_TITLES[type] }));

/** One customer (with its subtree) as the target's one id. */
function CustomerPicker({ value, onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  return <CompanyTreeSelect value={value?.[0]} onChange={(id) => onChange?.(id === undefined ? [] : [id])} placeholder={M.targetPlaceholder.customer} style={{ width: '100%' }} />;
}

/** The picker of a target type: boxes by gateway id, tags, a customer from the company tree, device types. */
function pickerOf(type: RolloutTargetType) {
  const placeholder = M.targetPlaceholder[type];
  switch (type) {
    case 'devices':
      return <RemoteSelect url={DEVICE_PATH} labelField="gateway_id" mode="multiple" placeholder={placeholder} />;
    case 'tag':
      return <RemoteSelect url={TAG_PATH} labelField="name" mode="multiple" placeholder={placeholder} />;
    case 'customer':
      return <CustomerPicker />;
    case 'goods':
      return <RemoteSelect url={GOODS_OPTIONS_URL} labelField="name" mode="multiple" placeholder={placeholder} />;
  }
}

/**
 * 推送对象: the kind of target (指定设备, 设备标签, 客户 (含下级), 设备类型), then what of that kind; changing the kind
 * clears what was picked. Form fields `target_type` and `target_ids`.
 */
export function RolloutTargetField() {
  const form = Form.useFormInstance();
  const type = (Form.useWatch('target_type', form) as RolloutTargetType | undefined) ?? 'devices';
  return (
    <>
      <Form.Item name="target_type" label={labelOf(rolloutResource, 'target')} style={{ marginBottom: 8 }}>
        <Radio.Group options={TYPE_OPTIONS} optionType="button" onChange={() => form.setFieldValue('target_ids', [])} />
      </Form.Item>
      <Form.Item key={type} name="target_ids" rules={[zodRule(rolloutTargetSchema.shape.ids)]}>
        {pickerOf(type)}
      </Form.Item>
    </>
  );
}

import { type DeviceTag, deviceTagCreateSchema, deviceTagResource, labelOf } from '@gw/contracts';
import { Form, Input } from 'antd';
import { CompanyTreeSelect } from '../../components/ResourceTable/CompanyTreeSelect';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { useUserStore } from '../../stores/user';
import { COMPANY_PATH } from '../../utils/menus';
import { useCan } from '../../utils/permission';
import { zodRule } from '../../utils/form';
import { M } from './messages';
import { DEFAULT_TAG_COLOR } from './tagColors';
import { TagColorInput } from './TagColorInput';

const shape = deviceTagCreateSchema.shape;
const label = (field: string) => labelOf(deviceTagResource, field);

/**
 * 标签: its name, its colour and the company that owns it (by default the user's own). A user who may not read
 * the companies is not asked: the server gives a new tag the user's own company, and an edit keeps the owner.
 */
export function TagForm({ mode }: ResourceFormProps<DeviceTag>) {
  const ownCompany = useUserStore((state) => state.info?.customer_id ?? undefined);
  const picksCompany = useCan()(COMPANY_PATH, 'query');
  const adding = mode === 'add';
  return (
    <>
      <Form.Item name="name" label={label('name')} validateFirst rules={[{ required: true, message: M.nameRequired }, zodRule(shape.name)]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="color" label={label('color')} initialValue={adding ? DEFAULT_TAG_COLOR : undefined} rules={[zodRule(shape.color)]}>
        <TagColorInput />
      </Form.Item>
      {picksCompany && (
        <Form.Item name="customer_id" label={label('customer_id')} initialValue={adding ? ownCompany : undefined} rules={[{ required: true, message: M.ownerRequired }]}>
          <CompanyTreeSelect allowClear={false} placeholder={M.ownerRequired} />
        </Form.Item>
      )}
    </>
  );
}

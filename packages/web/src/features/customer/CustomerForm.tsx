import { type Customer, customerResource, customerWriteSchema, labelOf } from '@gw/contracts';
import { Form, Input, Switch } from 'antd';
import { AddressPicker } from '../../components/AddressPicker';
import { AreaPicker } from '../../components/AreaPicker';
import { companyIds, useCompanyTree } from '../../components/ResourceTable/useCompanyTree';
import { CompanyTreeSelect } from '../../components/ResourceTable/CompanyTreeSelect';
import { useResourceListContext } from '../../components/ResourceTable/context';
import { subtreeFilterOf } from '../../components/ResourceTable/companyTree';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { zodRule } from '../../utils/form';
import { M } from './messages';

const shape = customerWriteSchema.shape;
const label = (field: string) => labelOf(customerResource, field);
/** The list filter the company tree sets, if the customer list has one. */
export const CUSTOMER_TREE_FILTER = subtreeFilterOf(customerResource);

/** Form values → body: a cleared region is 0 (not filled in). */
export function customerBody(values: Record<string, unknown>) {
  const { area_id, ...rest } = values;
  return { ...rest, area_id: typeof area_id === 'number' ? area_id : 0 };
}

/**
 * The parent company: any company of the caller's tree but this one and those below it (the server refuses a
 * cycle anyway). A new company goes below the one chosen in the tree beside the list. A company whose parent the
 * caller cannot see (the top of a customer's own tree) keeps it: the field is left out.
 */
function ParentField({ record }: { record?: Customer }) {
  const tree = useCompanyTree();
  const list = useResourceListContext();
  const chosen = CUSTOMER_TREE_FILTER ? Number(list.query.filters[CUSTOMER_TREE_FILTER]) || undefined : undefined;
  if (record?.parent_id != null && tree.data && !companyIds(tree.data).includes(record.parent_id)) return null;
  return (
    <Form.Item name="parent_id" label={label('parent_id')} initialValue={record ? undefined : chosen}>
      <CompanyTreeSelect exclude={record?.id} placeholder={M.parentPlaceholder} />
    </Form.Item>
  );
}

/**
 * 客户: the company, its parent, its registration and bank details, where it is and whom to call, and whether
 * remote sessions on its boxes opened from outside its tree wait for its approval (远程访问需审批).
 */
export function CustomerForm({ record }: ResourceFormProps<Customer>) {
  return (
    <>
      <ParentField record={record} />
      <Form.Item name="company_name" label={label('company_name')} validateFirst rules={[{ required: true, message: M.companyRequired }, zodRule(shape.company_name)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="name" label={label('name')} rules={[zodRule(shape.name)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="uscc" label={label('uscc')} rules={[zodRule(shape.uscc)]}>
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item name="bank" label={label('bank')} rules={[zodRule(shape.bank)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="bankno" label={label('bankno')} rules={[zodRule(shape.bankno)]}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="area_id" label={label('area_id')}>
        <AreaPicker />
      </Form.Item>
      <Form.Item name="address" label={label('address')} rules={[zodRule(shape.address)]}>
        <AddressPicker />
      </Form.Item>
      <Form.Item name="contact" label={label('contact')} rules={[zodRule(shape.contact)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="phone" label={label('phone')} rules={[zodRule(shape.phone)]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="remote_approval" label={label('remote_approval')} valuePropName="checked" extra={M.remoteApprovalHint}>
        <Switch />
      </Form.Item>
      <Form.Item name="remark" label={label('remark')} rules={[zodRule(shape.remark)]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </>
  );
}

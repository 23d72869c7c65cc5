import { Form, Input } from 'antd';
import { type Customer, customInfoUpdateSchema } from '@gw/contracts';
import AddressPicker from '../../components/AddressPicker';
import AreaPicker from '../../components/AreaPicker';
import { FormDialog } from '../../components/FormDialog';
import { zodRule } from '../../utils/form';
import { toast } from '../../utils/notify';
import { useUpdateCustomInfo } from './api';
import { M } from './messages';

const shape = customInfoUpdateSchema.shape;
const F = M.fields;

/** Plain text fields of the company form: name, label, longest input. */
const TEXT_FIELDS = [
  ['name', F.contactName, 64],
  ['uscc', F.uscc, 18],
  ['bank', F.bank, 100],
  ['bankno', F.bankno, 40],
] as const;
const CONTACT_FIELDS = [
  ['contact', F.contact, 64],
  ['phone', F.phone, 32],
] as const;

const textItem = ([name, label, max]: readonly [keyof typeof shape, string, number]) => (
  <Form.Item key={name} name={name} label={label} rules={[zodRule(shape[name])]}>
    <Input maxLength={max} />
  </Form.Item>
);

/** 编辑公司信息: the user's own company, with the region and map pickers. */
export function CompanyDialog({ open, company, onClose }: { open: boolean; company: Customer | undefined; onClose: () => void }) {
  const update = useUpdateCustomInfo();
  const save = async (values: Partial<Customer>) => {
    await update.mutateAsync({ ...values, area_id: typeof values.area_id === 'number' ? values.area_id : 0 });
    toast.success(M.saved);
  };

  return (
    <FormDialog title={M.editCompany} open={open} onClose={onClose} onSubmit={save} submitting={update.isPending} initialValues={company} width={640}>
      <Form.Item name="company_name" label={F.companyName} rules={[{ required: true, message: M.required(F.companyName) }, zodRule(shape.company_name)]}>
        <Input maxLength={100} />
      </Form.Item>
      {TEXT_FIELDS.map(textItem)}
      <Form.Item name="area_id" label={F.area}>
        <AreaPicker />
      </Form.Item>
      <Form.Item name="address" label={F.address} rules={[zodRule(shape.address)]}>
        <AddressPicker />
      </Form.Item>
      {CONTACT_FIELDS.map(textItem)}
      <Form.Item name="remark" label={F.remark} rules={[zodRule(shape.remark)]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}

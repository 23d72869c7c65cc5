import { Form, Input, Modal } from 'antd';
import { type Customer, customInfoUpdateSchema } from '@gw/contracts';
import AddressPicker from '../../components/AddressPicker';
import AreaPicker from '../../components/AreaPicker';
import { zodRule } from '../../utils/form';
import { toast } from '../../utils/notify';
import { useUpdateCustomInfo } from './api';
import { M } from './messages';

const shape = customInfoUpdateSchema.shape;
const F = M.fields;

/** 编辑公司信息: the user's own company, with the region and map pickers. */
export function CompanyDialog({ open, company, onClose }: { open: boolean; company: Customer | undefined; onClose: () => void }) {
  const [form] = Form.useForm<Partial<Customer>>();
  const update = useUpdateCustomInfo();

  const submit = async () => {
    const values = await form.validateFields();
    await update.mutateAsync({ ...values, area_id: typeof values.area_id === 'number' ? values.area_id : 0 });
    toast.success(M.saved);
    onClose();
  };

  return (
    <Modal
      title={M.editCompany}
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={update.isPending}
      width={640}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={company}>
        <Form.Item name="company_name" label={F.companyName} rules={[{ required: true, message: M.required(F.companyName) }, zodRule(shape.company_name)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="name" label={F.contactName} rules={[zodRule(shape.name)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="uscc" label={F.uscc} rules={[zodRule(shape.uscc)]}>
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item name="bank" label={F.bank} rules={[zodRule(shape.bank)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="bankno" label={F.bankno} rules={[zodRule(shape.bankno)]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="area_id" label={F.area}>
          <AreaPicker />
        </Form.Item>
        <Form.Item name="address" label={F.address} rules={[zodRule(shape.address)]}>
          <AddressPicker />
        </Form.Item>
        <Form.Item name="contact" label={F.contact} rules={[zodRule(shape.contact)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="phone" label={F.phone} rules={[zodRule(shape.phone)]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="remark" label={F.remark} rules={[zodRule(shape.remark)]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { type MachineTool, labelOf, machineToolCreateSchema, machineToolResource } from '@gw/contracts';
import { Form, Input, Select, Switch } from 'antd';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { zodRule } from '../../utils/form';
import { categoryOptions } from './category';
import { M } from './messages';

const shape = machineToolCreateSchema.shape;
const label = (field: string) => labelOf(machineToolResource, field);

/** 机床: its number on the box, name, controller brand, model, description, 本地IP and whether it is in use. */
export function MachineToolForm({ mode }: ResourceFormProps<MachineTool>) {
  return (
    <>
      <Form.Item name="code" label={label('code')} validateFirst rules={[{ required: true, message: M.codeRequired }, zodRule(shape.code)]}>
        <Input autoComplete="off" maxLength={64} />
      </Form.Item>
      <Form.Item name="name" label={label('name')} rules={[zodRule(shape.name)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="category" label={label('category')} rules={[{ required: true, message: M.categoryRequired }]}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={categoryOptions()} placeholder={M.categoryRequired} />
      </Form.Item>
      <Form.Item name="model" label={label('model')} rules={[zodRule(shape.model)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="description" label={label('description')} rules={[zodRule(shape.description)]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
      <Form.Item name="lan_ip" label={label('lan_ip')} extra={M.lanIpHint} rules={[zodRule(shape.lan_ip)]}>
        <Input autoComplete="off" maxLength={15} placeholder={M.lanIpPlaceholder} />
      </Form.Item>
      <Form.Item name="enabled" label={label('enabled')} valuePropName="checked" initialValue={mode === 'add' ? true : undefined}>
        <Switch checkedChildren={M.enabled} unCheckedChildren={M.disabled} />
      </Form.Item>
    </>
  );
}

import { TRAFFIC_PLAN_PATH, type TrafficPlan, labelOf, trafficPlanCreateSchema, trafficPlanResource } from '@gw/contracts';
import { Form, Input, InputNumber, Switch } from 'antd';
import type { BulkFormProps } from '../../components/ResourceTable/listTypes';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { RemoteSelect } from '../../components/RemoteSelect';
import { zodRule } from '../../utils/form';
import { T } from './messages';

const shape = trafficPlanCreateSchema.shape;
const label = (field: string) => labelOf(trafficPlanResource, field);

/** 流量套餐: its name, its monthly allowance in MB, whether boxes without a plan take it, and a remark. */
export function PlanForm(_props: ResourceFormProps<TrafficPlan>) {
  return (
    <>
      <Form.Item name="name" label={label('name')} validateFirst rules={[{ required: true, message: '请输入套餐名称' }, zodRule(shape.name)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="monthly_mb" label={label('monthly_mb')} rules={[{ required: true, message: '请输入每月流量' }, zodRule(shape.monthly_mb)]}>
        <InputNumber min={1} precision={0} style={{ width: 200 }} addonAfter="MB" />
      </Form.Item>
      <Form.Item name="is_default" label={label('is_default')} valuePropName="checked" extra="未指定套餐的设备按默认套餐计,默认套餐只有一个">
        <Switch />
      </Form.Item>
      <Form.Item name="remark" label={label('remark')} rules={[zodRule(shape.remark)]}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </>
  );
}

/** 设置套餐: the plan the selected boxes get; none clears theirs, so the default plan applies. */
export function SetPlanForm(_props: BulkFormProps) {
  return (
    <Form.Item name="plan_id" label={T.plan} initialValue={null} normalize={(value: number | undefined) => value ?? null}>
      <RemoteSelect url={TRAFFIC_PLAN_PATH} placeholder={T.selectPlan} />
    </Form.Item>
  );
}

import { type MachinePlan, type Shift, machinePlanWriteSchema, shiftSchema } from '@gw/contracts';
import { Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { FormDialog } from '../../components/FormDialog';
import { zodRule } from '../../utils/form';
import { toast } from '../../utils/notify';
import { usePlan, useSavePlan } from './oeeApi';

const MAX_SHIFTS = 4;
const T = {
  title: '计划设置',
  shifts: '班次',
  usingDefault: (shifts: Shift[]) => `未设置,使用默认班次: ${shifts.map((s) => `${s.name} ${s.start}–${s.end}`).join('、')}`,
  copyDefault: '按默认班次填入',
  add: '添加班次',
  remove: '删除',
  name: (n: number) => `班次 ${n} 名称`,
  start: (n: number) => `班次 ${n} 开始`,
  end: (n: number) => `班次 ${n} 结束`,
  crossHint: '北京时间 HH:mm;结束早于开始表示跨到次日 (如 20:00–08:00),开始等于结束为 24 小时',
  cycle: '理想节拍 (秒/件)',
  cycleDefault: (s: number) => `留空使用默认 (${s} 秒)`,
  saved: '计划已保存',
} as const;

interface Values {
  shifts?: Shift[];
  ideal_cycle_s?: number | null;
}

/**
 * 计划设置 of a machine tool: its own shifts (1 to 4, none: the defaults) and ideal cycle (empty: the default),
 * checked by the same schema as the server before it is sent.
 */
export function PlanDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const plan = usePlan(id, true);
  const save = useSavePlan(id);
  if (!plan.data) return null;
  const { defaults } = plan.data;

  const submit = async (values: Values) => {
    const body = { shifts: values.shifts?.length ? values.shifts : null, ideal_cycle_s: values.ideal_cycle_s ?? null };
    const checked = machinePlanWriteSchema.safeParse(body);
    if (!checked.success) {
      toast.error(checked.error.issues[0].message);
      throw checked.error;
    }
    toast.success((await save.mutateAsync(checked.data)) || T.saved);
  };

  return (
    <FormDialog<Values> title={T.title} open onClose={onClose} onSubmit={submit} submitting={save.isPending} width={620} initialValues={initialOf(plan.data)}>
      <Form.Item label={T.shifts} extra={T.crossHint}>
        <Form.List name="shifts">
          {(fields, { add, remove }, { errors }) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {fields.length === 0 && (
                <Space wrap>
                  <Typography.Text type="secondary">{T.usingDefault(defaults.shifts)}</Typography.Text>
                  <Button size="small" onClick={() => defaults.shifts.forEach((s) => add(s))}>
                    {T.copyDefault}
                  </Button>
                </Space>
              )}
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'name']} rules={[zodRule(shiftSchema.shape.name)]} noStyle>
                    <Input aria-label={T.name(index + 1)} placeholder="白班" style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'start']} rules={[zodRule(shiftSchema.shape.start)]} noStyle>
                    <Input aria-label={T.start(index + 1)} placeholder="08:00" style={{ width: 90 }} />
                  </Form.Item>
                  –
                  <Form.Item name={[field.name, 'end']} rules={[zodRule(shiftSchema.shape.end)]} noStyle>
                    <Input aria-label={T.end(index + 1)} placeholder="20:00" style={{ width: 90 }} />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(field.name)}>
                    {T.remove}
                  </Button>
                </Space>
              ))}
              {fields.length < MAX_SHIFTS && (
                <Button type="dashed" onClick={() => add({ name: '', start: '', end: '' })}>
                  {T.add}
                </Button>
              )}
              <Form.ErrorList errors={errors} />
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="ideal_cycle_s" label={T.cycle} htmlFor="plan_cycle" extra={T.cycleDefault(defaults.ideal_cycle_s)}>
        <InputNumber id="plan_cycle" min={0} placeholder={String(defaults.ideal_cycle_s)} style={{ width: 160 }} />
      </Form.Item>
    </FormDialog>
  );
}

const initialOf = (plan: MachinePlan): Values => ({ shifts: plan.shifts ?? [], ideal_cycle_s: plan.ideal_cycle_s });

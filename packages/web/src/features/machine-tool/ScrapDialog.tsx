import { type ShiftOee, machineScrapWriteSchema } from '@gw/contracts';
import { Form, InputNumber } from 'antd';
import { FormDialog } from '../../components/FormDialog';
import { zodRule } from '../../utils/form';
import { toast } from '../../utils/notify';
import { useSaveScrap } from './oeeApi';

const T = {
  title: (shift: string, date: string) => `报废数 · ${shift}(${date})`,
  count: '报废数',
  hint: (parts: number) => `本班次产量 ${parts} 件;填 0 清除`,
} as const;

/** Records the parts scrapped in one shift of a day: quality is (parts − scrap) ÷ parts. */
export function ScrapDialog({ id, date, shift, onClose }: { id: number; date: string; shift: ShiftOee; onClose: () => void }) {
  const save = useSaveScrap(id);
  const submit = async ({ count }: { count: number }) => {
    toast.success(await save.mutateAsync({ date, shift: shift.name, count }));
  };
  return (
    <FormDialog<{ count: number }> title={T.title(shift.name, date)} open onClose={onClose} onSubmit={submit} submitting={save.isPending} initialValues={{ count: shift.scrap }}>
      <Form.Item name="count" label={T.count} htmlFor="scrap_count" extra={T.hint(shift.parts)} rules={[{ required: true, message: '请输入报废数' }, zodRule(machineScrapWriteSchema.shape.count)]}>
        <InputNumber id="scrap_count" min={0} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormDialog>
  );
}

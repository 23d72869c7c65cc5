import { buyOrderCreateSchema } from '@gw/contracts';
import { Col, Form, Input, Row } from 'antd';
import { ZoneDatePicker } from '../../components/DateRange';
import type { ReactNode } from 'react';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import dayjs, { type Dayjs, wallNow } from '../../utils/dayjs';
import { zodRule } from '../../utils/form';
import { M } from './messages';
import { OrderLinesField } from './OrderLinesField';
import type { Order } from './types';

const shape = buyOrderCreateSchema.shape;
const DAY = 'YYYY-MM-DD';
/** The date travels as 'YYYY-MM-DD' text; only the picker holds a dayjs. */
const dayProps = (day: unknown) => ({ value: typeof day === 'string' && day ? dayjs(day, DAY) : undefined });
const dayText = (day: Dayjs | null | undefined) => day?.format(DAY);

interface Props<T extends Order> extends ResourceFormProps<T> {
  /** The field naming the other side (供应商 or 客户). */
  party: ReactNode;
  labels: Readonly<Record<string, string>>;
  lineLabels: Readonly<Record<string, string>>;
}

/**
 * An order's header (单号 or left blank to be numbered, the other side, 日期 from today, 备注) and its lines with
 * their serials and the totals.
 */
export function OrderForm<T extends Order>({ mode, party, labels, lineLabels }: Props<T>) {
  return (
    <>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="order_no" label={labels.order_no} rules={[zodRule(shape.order_no)]}>
            <Input placeholder={M.orderNoPlaceholder} maxLength={32} />
          </Form.Item>
        </Col>
        <Col span={8}>{party}</Col>
        <Col span={8}>
          <Form.Item
            name="order_date"
            label={labels.order_date}
            initialValue={mode === 'add' ? wallNow().format(DAY) : undefined}
            rules={[{ required: true, message: M.dateRequired }]}
            getValueProps={dayProps}
            normalize={dayText}
          >
            <ZoneDatePicker style={{ width: '100%' }} allowClear={false} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={labels.remark} rules={[zodRule(shape.remark)]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={labels.lines} required>
        <OrderLinesField labels={lineLabels} adding={mode === 'add'} />
      </Form.Item>
    </>
  );
}

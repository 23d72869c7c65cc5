import { BUY_ORDER_PATH, FLASH_MAX_COUNT, GOODS_OPTIONS_URL, type FlashBatch, flashBatchCreateSchema, flashBatchResource, flashGatewayId, labelOf } from '@gw/contracts';
import { Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { RemoteSelect } from '../../components/RemoteSelect';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { zodRule } from '../../utils/form';
import { useCan } from '../../utils/permission';
import { M } from './messages';

const shape = flashBatchCreateSchema.shape;
const label = (field: string) => labelOf(flashBatchResource, field);
const whole = { precision: 0, style: { width: '100%' } } as const;

/** The first and last gateway id of the batch as typed so far, or undefined while it is incomplete. */
export function previewOf(values: { prefix?: string; start?: number | null; count?: number | null; digits?: number | null }): string | undefined {
  const { prefix = '', start, count, digits } = values;
  if (typeof start !== 'number' || typeof count !== 'number' || typeof digits !== 'number' || count < 1) return undefined;
  return M.previewOf(flashGatewayId(prefix.trim(), start, digits), flashGatewayId(prefix.trim(), start + count - 1, digits));
}

/** 序号位数 must hold the batch's last sequence number (as the server checks). */
const digitsHold = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async (_: unknown, digits?: number) => {
    const start = getFieldValue('start') as number | undefined;
    const count = getFieldValue('count') as number | undefined;
    if (typeof digits !== 'number' || typeof start !== 'number' || typeof count !== 'number') return;
    if (String(start + count - 1).length > digits) throw new Error('序号位数不足以容纳本批最后一个序号');
  },
});

function Preview() {
  const form = Form.useFormInstance();
  const values = Form.useWatch([], form) as Parameters<typeof previewOf>[0] | undefined;
  const preview = values ? previewOf(values) : undefined;
  return (
    <Form.Item label={M.preview}>
      <Typography.Text code data-testid="flash-preview">
        {preview ?? '—'}
      </Typography.Text>
    </Form.Item>
  );
}

/**
 * 新增刷机批次: the device type, how many identities, their gateway ids (prefix + a zero-padded sequence from 起始序号,
 * previewed first and last as typed), the purchase order they come from if any, and a remark.
 */
export function FlasherForm(_: ResourceFormProps<FlashBatch>) {
  const can = useCan();
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="goods_id" label={label('goods_id')} rules={[{ required: true, message: M.goodsPlaceholder }]}>
          <RemoteSelect url={GOODS_OPTIONS_URL} labelField="name" placeholder={M.goodsPlaceholder} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="count" label={label('count')} initialValue={100} rules={[{ required: true, message: '请输入数量' }, zodRule(shape.count)]}>
          <InputNumber min={1} max={FLASH_MAX_COUNT} {...whole} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="prefix" label={label('prefix')} initialValue="" rules={[zodRule(shape.prefix)]}>
          <Input maxLength={40} placeholder="GW2026" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="start" label={label('start')} initialValue={1} rules={[{ required: true, message: '请输入起始序号' }, zodRule(shape.start)]}>
          <InputNumber min={0} {...whole} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="digits" label={label('digits')} initialValue={6} dependencies={['start', 'count']} rules={[{ required: true, message: '请输入序号位数' }, zodRule(shape.digits), digitsHold]}>
          <InputNumber min={1} max={12} {...whole} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Preview />
      </Col>
      {can(BUY_ORDER_PATH, 'query') && (
        <Col span={12}>
          <Form.Item name="buy_order_id" label={label('buy_order_id')}>
            <RemoteSelect url={BUY_ORDER_PATH} labelField="order_no" placeholder={M.orderPlaceholder} />
          </Form.Item>
        </Col>
      )}
      <Col span={24}>
        <Form.Item name="remark" label={label('remark')} rules={[zodRule(shape.remark)]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The form → POST /system/box_flasher's body: the prefix trimmed, no purchase order unless one was chosen. */
export function flashBatchBody(values: Record<string, unknown>) {
  const { buy_order_id, prefix, remark, ...rest } = values;
  return { ...rest, prefix: typeof prefix === 'string' ? prefix.trim() : '', ...(buy_order_id ? { buy_order_id } : {}), remark: typeof remark === 'string' ? remark.trim() : '' };
}

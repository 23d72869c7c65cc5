import { type License, labelOf, licenseResource, licenseRevokeSchema } from '@gw/contracts';
import { Form, Input } from 'antd';
import type { RowFormProps } from '../../components/ResourceTable';
import { zodRule } from '../../utils/form';
import { M } from './messages';

/** 吊销: why; the box named so the wrong row is not revoked by mistake. */
export function RevokeForm({ row }: RowFormProps<License>) {
  return (
    <>
      <Form.Item label={labelOf(licenseResource, 'gateway_id')}>{row.gateway_id || row.finger_print}</Form.Item>
      <Form.Item name="reason" label={labelOf(licenseResource, 'reason')} validateFirst rules={[{ required: true, whitespace: true, message: M.revokeReasonPlaceholder }, zodRule(licenseRevokeSchema.shape.reason)]}>
        <Input.TextArea rows={3} maxLength={200} placeholder={M.revokeReasonPlaceholder} />
      </Form.Item>
    </>
  );
}

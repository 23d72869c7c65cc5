import { DEVICE_PATH, LICENSE_BUSINESS_EXPIRY, LICENSE_TYPES, LICENSE_TYPE_TITLES, LICENSE_MODEL_ALL, type License, type LicenseType, labelOf, licenseCreateSchema, licenseResource } from '@gw/contracts';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import { ZoneDatePicker, ZoneNote } from '../../components/DateRange';
import { RemoteSelect, type RemoteOption } from '../../components/RemoteSelect';
import { LineItems } from '../../components/ResourceTable';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { type Dayjs, fromWall, toWall, wallNow } from '../../utils/dayjs';
import { zodRule } from '../../utils/form';
import { useCan } from '../../utils/permission';
import { M } from './messages';
import { modelOptions } from './models';

const shape = licenseCreateSchema.shape;
const label = (field: string) => labelOf(licenseResource, field);
const TYPE_OPTIONS = LICENSE_TYPES.map((type) => ({ value: type, label: LICENSE_TYPE_TITLES[type] }));

/** A 商业授权 runs until the platform's default day, a 测试授权 one month from its start (as on the server). */
const BUSINESS_UNTIL = LICENSE_BUSINESS_EXPIRY;
export const defaultExp = (type: LicenseType, nbf: Dayjs) => (type === 'temp' ? nbf.add(1, 'month') : (toWall(BUSINESS_UNTIL) as Dayjs));

/**
 * Form values → the create's body: the dates as instants, picked on the platform's clock (no 生效时间: at once, which the server backdates a
 * little for a box whose clock runs slow), no box when none was picked, empty texts as ''.
 */
export function licenseBody(values: Record<string, unknown>) {
  const { device_id, finger_print, nbf, exp, remark, ...rest } = values;
  return {
    ...(device_id ? { device_id } : {}),
    finger_print: typeof finger_print === 'string' ? finger_print.trim() : '',
    ...rest,
    ...(nbf ? { nbf: fromWall(nbf as Dayjs) } : {}),
    exp: fromWall(exp as Dayjs),
    remark: remark ?? '',
  };
}

/** Either a box (its fingerprint is taken) or a pasted fingerprint. */
const fingerprintNeeded = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async (_: unknown, value: unknown) => {
    if (!getFieldValue('device_id') && !(typeof value === 'string' && value.trim())) throw new Error(M.fingerprintRequired);
  },
});

/**
 * 新增授权: the box (picking one fills its fingerprint) or a pasted fingerprint, the kind, when it starts and ends
 * (the end follows the kind and the start until the user sets it), VPN, the counts per model and a remark. A
 * licence is issued once and never edited.
 */
export function LicenseForm({ form }: ResourceFormProps<License>) {
  const can = useCan();
  // the end follows the kind and the start until the user picks an end of their own
  const followExp = (type?: LicenseType, nbf?: Dayjs | null) => {
    if (form.isFieldTouched('exp')) return;
    const start = nbf ?? (form.getFieldValue('nbf') as Dayjs | null) ?? wallNow();
    form.setFieldValue('exp', defaultExp(type ?? (form.getFieldValue('type') as LicenseType), start));
  };
  const fillFingerprint = (option: unknown) => {
    const fingerprint = (option as RemoteOption | undefined)?.item?.fingerprint;
    if (typeof fingerprint === 'string' && fingerprint) form.setFieldValue('finger_print', fingerprint);
  };
  return (
    <Row gutter={16}>
      {can(DEVICE_PATH, 'query') && (
        <Col span={12}>
          <Form.Item name="device_id" label={M.device}>
            <RemoteSelect url={DEVICE_PATH} labelField="gateway_id" placeholder={M.devicePlaceholder} onChange={(_, option) => fillFingerprint(option)} />
          </Form.Item>
        </Col>
      )}
      <Col span={12}>
        <Form.Item name="finger_print" label={label('finger_print')} tooltip={M.fingerprintHint} dependencies={['device_id']} rules={[fingerprintNeeded, zodRule(shape.finger_print)]}>
          <Input maxLength={128} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="type" label={label('type')} initialValue="business">
          <Radio.Group options={TYPE_OPTIONS} onChange={(event) => followExp(event.target.value as LicenseType)} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="vpn" label={label('vpn')} valuePropName="checked" initialValue={false}>
          <Switch />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="nbf" label={label('nbf')} tooltip={M.nbfHint}>
          <ZoneDatePicker showTime style={{ width: '100%' }} placeholder={M.nbfNow} onChange={(nbf) => followExp(undefined, nbf)} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="exp" label={label('exp')} initialValue={toWall(BUSINESS_UNTIL)} rules={[{ required: true }]} extra={<ZoneNote />}>
          <ZoneDatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label={label('count')} required>
          <LineItems
            name="count"
            min={1}
            initialValue={[{ model: LICENSE_MODEL_ALL, count: 1 }]}
            newLine={() => ({ count: 1 })}
            columns={[
              { name: 'model', title: M.model, rules: [{ required: true, message: M.modelRequired }], input: <Select options={modelOptions()} placeholder={M.modelRequired} /> },
              {
                name: 'count',
                title: M.count,
                width: 160,
                rules: [{ required: true, message: M.countRequired }],
                input: <InputNumber min={0} precision={0} style={{ width: '100%' }} />,
              },
            ]}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="remark" label={label('remark')} rules={[zodRule(shape.remark)]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Col>
    </Row>
  );
}

import { DEVICE_STATES, DEVICE_STATE_TITLES, type Device, GOODS_PATH, TAG_PATH, deviceCreateSchema, deviceResource, labelOf } from '@gw/contracts';
import { Col, Form, Input, Row, Select } from 'antd';
import AddressPicker from '../../components/AddressPicker';
import AreaPicker from '../../components/AreaPicker';
import { RemoteSelect } from '../../components/RemoteSelect';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { zodRule } from '../../utils/form';
import { useCan, useVendorSession } from '../../utils/permission';
import { M } from './messages';
import { TagSelect } from './TagSelect';

const shape = deviceCreateSchema.shape;
/** A field's label, as the descriptor names it everywhere (list, form, sheet). */
const label = (field: string) => labelOf(deviceResource, field);
const STATE_OPTIONS = DEVICE_STATES.map((state) => ({ value: state, label: DEVICE_STATE_TITLES[state] }));

/** Record → form values: tag ids; no type is an empty select. */
export const deviceValues = (device: Device) => ({ ...device, goods_id: device.goods_id ?? undefined, tag_ids: device.tags.map((tag) => tag.id) });

/**
 * Form values → body: only the fields the form showed (a customer's user sends only its own); a cleared area is 0
 * (not filled in), a type cleared on an edit is none.
 */
export function deviceBody(values: Record<string, unknown>, record?: Device) {
  const { area_id, goods_id, ...rest } = values;
  return {
    ...rest,
    ...('area_id' in values ? { area_id: typeof area_id === 'number' ? area_id : 0 } : {}),
    ...(record && 'goods_id' in values ? { goods_id: goods_id ?? null } : { goods_id }),
  };
}

/** What identifies, types and moves a box: the vendor's to write (the server refuses them to a customer's user). */
function VendorFields({ mode, record }: Pick<ResourceFormProps<Device>, 'mode' | 'record'>) {
  const can = useCan();
  const goodsLabel = ({ value, label: shown }: { value: unknown; label?: unknown }) =>
    (shown as string | undefined) ?? (value === record?.goods_id && record?.goods_name ? record.goods_name : String(value));
  return (
    <>
      <Col span={12}>
        <Form.Item name="gateway_id" label={label('gateway_id')} validateFirst rules={[{ required: true, message: M.gatewayIdRequired }, zodRule(shape.gateway_id)]}>
          <Input autoComplete="off" maxLength={64} />
        </Form.Item>
      </Col>
      {can(GOODS_PATH, 'query') && (
        <Col span={12}>
          <Form.Item name="goods_id" label={label('goods_id')}>
            <RemoteSelect url={GOODS_PATH} labelField="name" labelRender={goodsLabel} placeholder={label('goods_id')} />
          </Form.Item>
        </Col>
      )}
      <Col span={12}>
        <Form.Item name="fingerprint" label={label('fingerprint')} rules={[zodRule(shape.fingerprint)]}>
          <Input maxLength={128} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="firmware_version" label={label('firmware_version')} rules={[zodRule(shape.firmware_version)]}>
          <Input maxLength={64} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="imei" label={label('imei')} rules={[zodRule(shape.imei)]}>
          <Input maxLength={17} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="iccid" label={label('iccid')} rules={[zodRule(shape.iccid)]}>
          <Input maxLength={22} />
        </Form.Item>
      </Col>
      {mode === 'edit' && (
        <Col span={12}>
          <Form.Item name="state" label={label('state')}>
            <Select options={STATE_OPTIONS} />
          </Form.Item>
        </Col>
      )}
    </>
  );
}

/**
 * 网关设备: the vendor registers a box (its ID, type, fingerprint, firmware, SIM) and sets its state; a customer's
 * user only names, locates, remarks and tags its boxes, so its form holds only those. Type and tags are offered to
 * whoever may read their lists.
 */
export function DeviceForm({ mode, record }: ResourceFormProps<Device>) {
  const vendor = useVendorSession();
  const can = useCan();
  return (
    <Row gutter={16}>
      {vendor && <VendorFields mode={mode} record={record} />}
      <Col span={12}>
        <Form.Item name="name" label={label('name')} rules={[zodRule(shape.name)]}>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="area_id" label={label('area_id')}>
          <AreaPicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="address" label={label('address')}>
          <AddressPicker />
        </Form.Item>
      </Col>
      {can(TAG_PATH, 'query') && (
        <Col span={24}>
          <Form.Item name="tag_ids" label={label('tag_ids')}>
            <TagSelect known={record?.tags} placeholder={label('tag_ids')} />
          </Form.Item>
        </Col>
      )}
      <Col span={24}>
        <Form.Item name="remark" label={label('remark')} rules={[zodRule(shape.remark)]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Col>
    </Row>
  );
}

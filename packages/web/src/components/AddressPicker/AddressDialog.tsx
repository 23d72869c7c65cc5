import { Alert, Flex, Form, Input, InputNumber, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { type AddressValue, formatAddress, parseAddress, validLat, validLng } from '@gw/contracts';
import { type AMapNamespace, loadAmap, readMapConfig } from './amap';
import { MapPanel } from './MapPanel';
import { ADDRESS_LABELS as L } from './messages';

export interface MapOptions {
  /** AMap Web key; when absent it is read once from GET /tools/config (amap_key). '' means no map. */
  amapKey?: string;
  /** City place searches are limited to. */
  city: string;
  /** Where the map opens when nothing is picked yet: [lng, lat]. */
  center: [number, number];
}

type MapState = { status: 'loading' } | { status: 'ready'; AMap: AMapNamespace } | { status: 'manual' };

interface Props extends MapOptions {
  value: string | undefined;
  onConfirm: (value: string) => void;
  onCancel: () => void;
}

/** Loads the map when a key is configured; anything short of a working map falls back to typing. */
function useMap(amapKey: string | undefined): MapState {
  const [state, setState] = useState<MapState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    const settings = amapKey !== undefined ? Promise.resolve({ key: amapKey, securityCode: '' }) : readMapConfig();
    settings
      .then(({ key, securityCode }) => (key ? loadAmap(key, securityCode) : null))
      .then((AMap) => live && setState(AMap ? { status: 'ready', AMap } : { status: 'manual' }))
      .catch(() => live && setState({ status: 'manual' }));
    return () => {
      live = false;
    };
  }, [amapKey]);
  return state;
}

const bothOrNeither = (other: 'lng' | 'lat') => ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: (_: unknown, value: unknown) => {
    const mine = value === null || value === undefined;
    const theirs = getFieldValue(other) === null || getFieldValue(other) === undefined;
    return mine === theirs ? Promise.resolve() : Promise.reject(new Error(L.bothCoordinates));
  },
});
const inRange = (valid: (n: number) => boolean, message: string) => ({
  validator: (_: unknown, value: number | null | undefined) =>
    value === null || value === undefined || valid(value) ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** The address dialog: the map above (when there is one), the address and coordinates below, always editable. */
export function AddressDialog({ value, amapKey, city, center, onConfirm, onCancel }: Props) {
  const [form] = Form.useForm<AddressValue>();
  const map = useMap(amapKey);
  const initial = parseAddress(value);
  const point: [number, number] | null = initial.lng !== null && initial.lat !== null ? [initial.lng, initial.lat] : null;

  const confirm = async () => {
    const values = await form.validateFields();
    onConfirm(formatAddress({ address: values.address ?? '', lng: values.lng ?? null, lat: values.lat ?? null }));
  };

  return (
    <Modal open title={L.title} width={720} onCancel={onCancel} onOk={() => void confirm().catch(() => undefined)}>
      {map.status === 'loading' && <Spin description={L.loading}>{<div style={{ height: 80 }} />}</Spin>}
      {map.status === 'manual' && <Alert type="info" showIcon title={L.manual} style={{ marginBottom: 12 }} />}
      {map.status === 'ready' && <MapPanel AMap={map.AMap} city={city} center={center} point={point} onPick={(picked) => form.setFieldsValue(picked)} />}
      <Form form={form} component={false} layout="vertical" initialValues={initial}>
        <Form.Item name="address" label={L.address} rules={[{ required: true, whitespace: true, message: L.required }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name="lng" label={L.lng} dependencies={['lat']} rules={[inRange(validLng, L.lngRange), bothOrNeither('lat')]} style={{ flex: 1 }}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="lat" label={L.lat} dependencies={['lng']} rules={[inRange(validLat, L.latRange), bothOrNeither('lng')]} style={{ flex: 1 }}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}

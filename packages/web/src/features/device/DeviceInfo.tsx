import { type Device, deviceResource, labelOf, parseAddress } from '@gw/contracts';
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { areaLabel } from '../../utils/dictionary';
import { parseTime } from '../../utils/format';
import { DeviceRejection } from './DeviceRejection';
import { DeviceTags, LicenseTag, OnlineDot, StockStateTag, TunnelTag } from './deviceColumns';

/** 基本信息: every field of the box as GET /device/device/{id} answered it, and its last refused telemetry if any. */
export function DeviceInfo({ device }: { device: Device }) {
  const items: [string, ReactNode][] = [
    ['gateway_id', device.gateway_id],
    ['name', device.name],
    ['company_name', device.company_name],
    ['goods_name', device.goods_name],
    ['fingerprint', device.fingerprint],
    ['vpn_ip', device.vpn_ip],
    ['state', <StockStateTag state={device.state} />],
    ['online', <OnlineDot online={device.online} />],
    ['license_state', <LicenseTag state={device.license_state} />],
    ['tunnel_state', <TunnelTag state={device.tunnel_state} />],
    ['last_seen_at', parseTime(device.last_seen_at)],
    ['firmware_version', device.firmware_version],
    ['imei', device.imei],
    ['iccid', device.iccid],
    ['machine_count', device.machine_count],
    ['area_id', areaLabel(device.area_id)],
    ['address', parseAddress(device.address).address],
    ['tags', <DeviceTags tags={device.tags} />],
    ['remark', device.remark],
    ['created_at', parseTime(device.created_at)],
    ['updated_at', parseTime(device.updated_at)],
  ];
  return (
    <>
      <Descriptions
        // one field a line on a phone: two would not fit its width
        column={{ xs: 1, sm: 2 }}
        // a fingerprint or ICCID is one long word: it wraps rather than widening the drawer
        styles={{ content: { wordBreak: 'break-all' } }}
        size="small"
        bordered
        items={items.map(([field, value]) => ({ key: field, label: labelOf(deviceResource, field), children: value, span: field === 'address' || field === 'remark' ? 2 : 1 }))}
      />
      <DeviceRejection device={device} />
    </>
  );
}

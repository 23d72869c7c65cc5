import { DEVICE_STATE_TITLES, type Device, TUNNEL_STATE_TITLES, type TagRef, type TunnelState } from '@gw/contracts';
import { Badge, Flex, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { LiveRows } from '../../components/ResourceTable';
import { parseTime } from '../../utils/format';
import { LastSeen } from './LastSeen';
import { M } from './messages';

const time = (value: string | null) => parseTime(value);

/** 授权许可 per licence state, as the server derives it from the box's licences. */
const LICENSE_TAGS: Record<Device['license_state'], { title: string; color?: string }> = {
  licensed: { title: M.licensed, color: 'green' },
  expired: { title: M.licenseExpired, color: 'orange' },
  none: { title: M.unlicensed },
};
export const LicenseTag = ({ state }: { state: Device['license_state'] }) => <Tag color={LICENSE_TAGS[state].color}>{LICENSE_TAGS[state].title}</Tag>;

/**
 * 隧道 in its colour: green once the box acknowledged its tunnel, blue while it has not, red for a refused key,
 * orange where the vendor must act (no hub settings), grey where the box or its licence has yet to give what it needs.
 */
const TUNNEL_COLORS: Record<TunnelState, string | undefined> = {
  unlicensed: undefined,
  no_key: undefined,
  key_mismatch: 'red',
  hub_unset: 'orange',
  pending: 'blue',
  applied: 'green',
  connected: 'green',
};
export const TunnelTag = ({ state }: { state: TunnelState }) => <Tag color={TUNNEL_COLORS[state]}>{TUNNEL_STATE_TITLES[state]}</Tag>;

/** 是否在线: a green or grey dot with the word. */
export const OnlineDot = ({ online }: { online: boolean }) => <Badge status={online ? 'success' : 'default'} text={online ? M.online : M.offline} />;

/** 是否在线 in the list: the dot, and how long ago the box was last heard from. */
export function OnlineCell({ device }: { device: Pick<Device, 'online' | 'last_seen_at'> }) {
  return (
    <Flex gap={8} align="center" wrap={false}>
      <OnlineDot online={device.online} />
      {device.last_seen_at && (
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          <LastSeen at={device.last_seen_at} />
        </Typography.Text>
      )}
    </Flex>
  );
}

/** 库存状态 in its colour: in the vendor's stock, at a customer, or out of use. */
const STATE_COLORS: Record<Device['state'], string | undefined> = {
  in_stock: 'blue',
  shipped: 'green',
  returned: 'orange',
  repair: 'gold',
  scrapped: 'red',
};
export const StockStateTag = ({ state }: { state: Device['state'] }) => <Tag color={STATE_COLORS[state]}>{DEVICE_STATE_TITLES[state]}</Tag>;

/** The list's 是否在线 follows the boxes' presence on the live channel (and 最后在线 when one comes online). */
export const deviceLive: LiveRows<Device, 'presence'> = {
  types: ['presence'],
  rowOf: (event) => event.device_id,
  patch: (event) => (event.online ? { online: true, last_seen_at: event.at } : { online: false }),
};

/** A box's tags in their colours. */
export function DeviceTags({ tags }: { tags: readonly TagRef[] }) {
  return (
    <Space size={[0, 4]} wrap>
      {tags.map((tag) => (
        <Tag key={tag.id} color={tag.color || undefined}>
          {tag.name}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * State first: the box's id (fixed at the left), its name and company, then 是否在线 with 最后在线, 授权许可, 隧道 and 库存状态
 * — in view without scrolling on a laptop — then type, tags, firmware. 序号, 设备指纹, IP地址, 更新时间 and 最后在线 on its
 * own are off until chosen in 列设置 (the descriptor's `list.hidden`); IMEI and ICCID are in the drawer's 基本信息.
 */
export const deviceColumns: ColumnsType<Device> = [
  { key: 'id', dataIndex: 'id', width: 80 },
  { key: 'gateway_id', dataIndex: 'gateway_id' },
  { key: 'name', dataIndex: 'name' },
  { key: 'company_name', dataIndex: 'company_name' },
  { key: 'online', dataIndex: 'online', render: (_: boolean, device) => <OnlineCell device={device} /> },
  { key: 'license_state', dataIndex: 'license_state', render: (state: Device['license_state']) => <LicenseTag state={state} /> },
  { key: 'tunnel_state', dataIndex: 'tunnel_state', render: (state: TunnelState) => <TunnelTag state={state} /> },
  { key: 'state', dataIndex: 'state', render: (state: Device['state']) => <StockStateTag state={state} /> },
  { key: 'goods_name', dataIndex: 'goods_name' },
  { key: 'tags', dataIndex: 'tags', render: (tags: TagRef[]) => <DeviceTags tags={tags} /> },
  { key: 'firmware_version', dataIndex: 'firmware_version' },
  { key: 'fingerprint', dataIndex: 'fingerprint' },
  { key: 'vpn_ip', dataIndex: 'vpn_ip' },
  { key: 'updated_at', dataIndex: 'updated_at', render: time },
  { key: 'last_seen_at', dataIndex: 'last_seen_at', render: (at: string | null) => <LastSeen at={at} /> },
];

import type { Device, TagRef } from '@gw/contracts';
import { Badge, Space, Tag } from 'antd';
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

/** 是否在线: a green or grey dot with the word. */
export const OnlineDot = ({ online }: { online: boolean }) => <Badge status={online ? 'success' : 'default'} text={online ? M.online : M.offline} />;

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

/** The columns of the origin console in its order, then type, tags, firmware and last seen; titles from the descriptor. */
export const deviceColumns: ColumnsType<Device> = [
  { key: 'id', dataIndex: 'id', width: 80 },
  { key: 'gateway_id', dataIndex: 'gateway_id' },
  { key: 'company_name', dataIndex: 'company_name' },
  { key: 'name', dataIndex: 'name' },
  { key: 'fingerprint', dataIndex: 'fingerprint' },
  { key: 'vpn_ip', dataIndex: 'vpn_ip' },
  { key: 'updated_at', dataIndex: 'updated_at', render: time },
  { key: 'license_state', dataIndex: 'license_state', render: (state: Device['license_state']) => <LicenseTag state={state} /> },
  { key: 'online', dataIndex: 'online', render: (online: boolean) => <OnlineDot online={online} /> },
  { key: 'goods_name', dataIndex: 'goods_name' },
  { key: 'tags', dataIndex: 'tags', render: (tags: TagRef[]) => <DeviceTags tags={tags} /> },
  { key: 'firmware_version', dataIndex: 'firmware_version' },
  { key: 'last_seen_at', dataIndex: 'last_seen_at', render: (at: string | null) => <LastSeen at={at} /> },
];

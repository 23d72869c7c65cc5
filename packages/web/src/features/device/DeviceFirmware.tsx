import { type Device, type DeviceFirmware as Firmware, ROLLOUT_PATH, type RolloutItemState, deviceFirmwarePath } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { RolloutItemStateTag } from '../../components/RolloutStateTag';
import { type DetailTab, DetailTable } from '../../components/ResourceTable';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { parseTime } from '../../utils/format';
import { request } from '../../utils/request';

const T = { tab: '固件', current: '当前版本', none: '未知', empty: '暂无升级记录', version: '版本', state: '状态', from: '原版本', error: '失败原因', at: '时间' } as const;

type Entry = Firmware['history'][number];

const columns: ColumnsType<Entry> = [
  { key: 'version', dataIndex: 'version', title: T.version },
  { key: 'state', dataIndex: 'state', title: T.state, render: (state: RolloutItemState) => <RolloutItemStateTag state={state} /> },
  { key: 'from_version', dataIndex: 'from_version', title: T.from },
  { key: 'error', dataIndex: 'error', title: T.error, render: (error: string) => (error ? <Typography.Text type="danger">{error}</Typography.Text> : '') },
  { key: 'updated_at', dataIndex: 'updated_at', title: T.at, render: (at: string) => parseTime(at) },
];

/** GET /device/device/{id}/firmware, refreshed with the rollouts. */
function useDeviceFirmware(deviceId: number) {
  return useQuery({
    queryKey: [...resourceKey(ROLLOUT_PATH), 'device', deviceId],
    queryFn: async () => (await request<Firmware>({ url: deviceFirmwarePath(deviceId) })).data,
  });
}

/** 固件: the version the box runs and its rollouts, latest first (none for a caller who may not see rollouts). */
export function DeviceFirmware({ device }: { device: Device }) {
  const firmware = useDeviceFirmware(device.id);
  const current = firmware.data?.firmware_version ?? device.firmware_version;
  return (
    <>
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }} items={[{ key: 'current', label: T.current, children: current || T.none }]} />
      <DetailTable<Entry>
        rowKey={(entry) => `${entry.rollout_id}`}
        size="small"
        pagination={false}
        loading={firmware.isPending}
        dataSource={firmware.data?.history}
        columns={columns}
        locale={{ emptyText: T.empty }}
      />
    </>
  );
}

/** The drawer's 固件 tab, for whoever may see the box. */
export const firmwareTab: DetailTab<Device> = { key: 'firmware', label: T.tab, render: (device) => <DeviceFirmware device={device} /> };

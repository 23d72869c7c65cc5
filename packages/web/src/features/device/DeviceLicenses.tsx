import { type Action, type Device, LICENSE_MENU, LICENSE_PATH, LICENSE_TYPE_TITLES, type License, type LicenseState, type LicenseType, labelOf, licenseResource } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { LicenseStateTag } from '../../components/LicenseStateTag';
import { type DetailTab, DetailTable } from '../../components/ResourceTable';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { parseTime } from '../../utils/format';
import { request } from '../../utils/request';
import { LicenseTag } from './deviceColumns';
import { M } from './messages';

const T = { tab: '授权', empty: '该设备还没有授权', manage: '授权生成' } as const;

const label = (field: string) => labelOf(licenseResource, field);
const time = (value: string | null) => parseTime(value);
const columns: ColumnsType<License> = [
  { key: 'type', dataIndex: 'type', title: label('type'), render: (type: LicenseType) => LICENSE_TYPE_TITLES[type] },
  { key: 'state', dataIndex: 'state', title: label('state'), render: (state: LicenseState) => <LicenseStateTag state={state} /> },
  { key: 'nbf', dataIndex: 'nbf', title: label('nbf'), render: time },
  { key: 'exp', dataIndex: 'exp', title: label('exp'), render: time },
  { key: 'iat', dataIndex: 'iat', title: label('iat'), render: time },
  { key: 'remark', dataIndex: 'remark', title: label('remark'), ellipsis: true },
];

/** A box's licences, newest first (GET /system/license?device_id=), refreshed with the licences. */
function useDeviceLicenses(deviceId: number) {
  return useQuery({
    queryKey: [...resourceKey(LICENSE_PATH), 'device', deviceId],
    queryFn: async () => (await request<License[]>({ url: LICENSE_PATH, params: { device_id: deviceId, sort: '-id', limit: 100 } })).data ?? [],
  });
}

/** 授权: what the box's licences allow now (授权许可), each licence with its state, and 授权生成 narrowed to this box. */
export function DeviceLicenses({ device }: { device: Device }) {
  const licences = useDeviceLicenses(device.id);
  const navigate = useNavigate();
  return (
    <>
      <Flex align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <span>
          {M.licenseNow} <LicenseTag state={device.license_state} />
        </span>
        <Button type="link" style={{ paddingInline: 0 }} onClick={() => void navigate(`${LICENSE_MENU}?device_id=${device.id}`)}>
          {T.manage}
        </Button>
      </Flex>
      <DetailTable<License> rowKey="id" size="small" pagination={false} loading={licences.isPending} dataSource={licences.data} columns={columns} locale={{ emptyText: T.empty }} />
    </>
  );
}

/** The drawer's 授权 tab, for whoever may read 授权生成. */
export const licenseTabs = (can: (menu: string, action: Action) => boolean): DetailTab<Device>[] =>
  can(LICENSE_MENU, 'query') ? [{ key: 'licenses', label: T.tab, render: (device) => <DeviceLicenses device={device} /> }] : [];

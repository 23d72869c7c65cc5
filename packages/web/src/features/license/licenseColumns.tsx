import { LICENSE_TYPE_TITLES, type License, type LicenseCount, type LicenseState, type LicenseType } from '@gw/contracts';
import type { ColumnsType } from 'antd/es/table';
import { LicenseStateTag } from '../../components/LicenseStateTag';
import { parseTime } from '../../utils/format';
import { M } from './messages';
import { LicenseCounts } from './models';

export { LicenseStateTag };

export const vpnText = (vpn: boolean) => (vpn ? M.vpnOn : M.vpnOff);

const time = (value: string | null) => parseTime(value);

/** 设备ID, 设备指纹, 授权类型, 状态, 生效/到期时间, VPN, 授权数量, 签发时间, 备注; titles from the descriptor. */
export const licenseColumns: ColumnsType<License> = [
  { key: 'gateway_id', dataIndex: 'gateway_id' },
  { key: 'finger_print', dataIndex: 'finger_print', ellipsis: true },
  { key: 'type', dataIndex: 'type', render: (type: LicenseType) => LICENSE_TYPE_TITLES[type] },
  { key: 'state', dataIndex: 'state', render: (state: LicenseState) => <LicenseStateTag state={state} /> },
  { key: 'nbf', dataIndex: 'nbf', render: time },
  { key: 'exp', dataIndex: 'exp', render: time },
  { key: 'vpn', dataIndex: 'vpn', render: vpnText },
  { key: 'count', dataIndex: 'count', render: (counts: LicenseCount[]) => <LicenseCounts counts={counts} /> },
  { key: 'iat', dataIndex: 'iat', render: time },
  { key: 'remark', dataIndex: 'remark', ellipsis: true },
];

import { LICENSE_STATE_TITLES, type LicenseState } from '@gw/contracts';
import { Tag } from 'antd';

const STATE_COLORS: Record<LicenseState, string | undefined> = { valid: 'green', expiring: 'orange', expired: 'red', revoked: undefined };

/** A licence's 状态 wherever licences are listed: 正常 green, 即将过期 orange, 已过期 red, 已吊销 grey. */
export const LicenseStateTag = ({ state }: { state: LicenseState }) => <Tag color={STATE_COLORS[state]}>{LICENSE_STATE_TITLES[state]}</Tag>;

import { LICENSE_TYPE_TITLES, type License, labelOf, licenseResource } from '@gw/contracts';
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { parseTime } from '../../utils/format';
import { Certificate } from './Certificate';
import { LicenseStateTag, vpnText } from './licenseColumns';
import { LicenseCounts } from './models';

/** 基本信息: the licence's fields as GET /system/license/{id} answered them, then its certificate to copy or download. */
export function LicenseInfo({ licence }: { licence: License }) {
  const items: [string, ReactNode][] = [
    ['gateway_id', licence.gateway_id],
    ['type', LICENSE_TYPE_TITLES[licence.type]],
    ['finger_print', licence.finger_print],
    ['state', <LicenseStateTag state={licence.state} />],
    ['nbf', parseTime(licence.nbf)],
    ['exp', parseTime(licence.exp)],
    ['iat', parseTime(licence.iat)],
    ['vpn', vpnText(licence.vpn)],
    ['jti', licence.jti],
    ['count', <LicenseCounts counts={licence.count} />],
    ...(licence.revoked_at ? ([['revoked_at', parseTime(licence.revoked_at)], ['revoke_reason', licence.revoke_reason]] as [string, ReactNode][]) : []),
    ['remark', licence.remark],
    ['certificate', <Certificate licence={licence} />],
  ];
  const wide = new Set(['finger_print', 'jti', 'count', 'remark', 'certificate']);
  return (
    <Descriptions
      column={2}
      size="small"
      bordered
      items={items.map(([field, value]) => ({ key: field, label: labelOf(licenseResource, field), children: value, span: wide.has(field) ? 2 : 1 }))}
    />
  );
}

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
  const spans = rowSpans(items.map(([field]) => wide.has(field)));
  return (
    <Descriptions
      column={2}
      size="small"
      bordered
      items={items.map(([field, value], i) => ({ key: field, label: labelOf(licenseResource, field), children: value, span: spans[i] }))}
    />
  );
}

/**
 * Each field's span in two columns: a wide field takes a row of its own, and a single field left alone in its row
 * (before a wide one, or last) takes the rest of it, so that every row is full.
 */
export function rowSpans(wide: boolean[]): number[] {
  const spans = wide.map((w) => (w ? 2 : 1));
  let column = 0;
  spans.forEach((span, i) => {
    if (span === 2 && column === 1) spans[i - 1] = 2;
    column = span === 2 ? 0 : (column + 1) % 2;
  });
  if (column === 1) spans[spans.length - 1] = 2;
  return spans;
}

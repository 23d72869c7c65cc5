import { type License, licenseResource } from '@gw/contracts';
import { useState } from 'react';
import { DetailDrawer, ListForm, ListGrid, ListSearchBar, ListToolbar, ResourceList, filtersFrom, rowActionsFrom } from '../../components/ResourceTable';
import type { DetailTab, RowAction } from '../../components/ResourceTable';
import { useReadableFilters } from '../../components/ResourceTable/readableFilters';
import type { CertificateOf } from './Certificate';
import { CertificateDialog } from './CertificateDialog';
import { licenseColumns } from './licenseColumns';
import { LicenseForm, licenseBody } from './LicenseForm';
import { LicenseInfo } from './LicenseInfo';
import { M } from './messages';
import { RevokeForm } from './RevokeForm';
import { VerifyButton } from './VerifyDialog';

const FILTERS = filtersFrom(licenseResource);

/** A licence still in force (or not yet) may be revoked; an expired or revoked one has nothing left to take. */
const revocable = (licence: License) => licence.state !== 'revoked' && licence.state !== 'expired';

const ROW_ACTIONS: RowAction<License>[] = [
  { key: 'detail', label: M.detail, onClick: (row, list) => list.detail.show(row) },
  ...rowActionsFrom<License>(licenseResource, undefined, { revoke: { form: RevokeForm, visible: revocable, danger: true } }),
];

const TABS: DetailTab<License>[] = [{ key: 'base', label: M.baseTab, render: (licence) => <LicenseInfo licence={licence} /> }];

/**
 * 授权生成: the licences issued to boxes, newest first, with their state. The vendor's staff issue one (its
 * certificate shown at once to copy or download), revoke one with a reason, and check any pasted certificate.
 */
export default function LicensePage() {
  const [issued, setIssued] = useState<CertificateOf | null>(null);
  const filters = useReadableFilters(FILTERS);
  return (
    <ResourceList<License>
      descriptor={licenseResource}
      columns={licenseColumns}
      filters={filters}
      form={LicenseForm}
      formWidth={760}
      toBody={licenseBody}
      rowActions={ROW_ACTIONS}
    >
      <ListSearchBar />
      <ListToolbar extra={<VerifyButton />} />
      <ListGrid<License> />
      <ListForm<License> onSaved={(licence, mode) => mode === 'add' && setIssued(licence)} />
      <DetailDrawer<License> tabs={TABS} title={(licence) => M.detailTitle(licence.gateway_id || licence.finger_print)} width={860} />
      <CertificateDialog issued={issued} onClose={() => setIssued(null)} />
    </ResourceList>
  );
}

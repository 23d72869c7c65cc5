import { ROLLOUT_PATH, VERSION_PATH, type Version, versionResource } from '@gw/contracts';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ListForm, ListGrid, ListSearchBar, ListToolbar, ResourceList, filtersFrom, rowActionsFrom } from '../../components/ResourceTable';
import type { RowAction } from '../../components/ResourceTable';
import { useReadableFilters } from '../../components/ResourceTable/readableFilters';
import { M } from './messages';
import { RolloutDialog } from './RolloutDialog';
import { versionColumns } from './versionColumns';
import { VersionForm, versionBody, versionFormValues } from './VersionForm';

const FILTERS = filtersFrom(versionResource);

/** 发布 for drafts, from the descriptor (with its confirmation). */
const PUBLISH = rowActionsFrom<Version>(versionResource, undefined, { publish: { visible: (v) => v.status === 'draft' } });

/**
 * 版本管理: the boxes' firmware releases, newest first. A release is added as a draft with its file (size and SHA-256
 * computed by the server), published (then only its changelog may change), pushed to boxes from its row, and
 * deleted into 已删除, where it stays listed. 推送记录 lists the rollouts.
 */
export default function VersionPage() {
  // the release being pushed; kept while the dialog closes, and the dialog drawn only once first asked for
  const [rollingOut, setRollingOut] = useState<{ version: Version; open: boolean } | null>(null);
  const navigate = useNavigate();
  const filters = useReadableFilters(FILTERS);
  const rowActions = useMemo<RowAction<Version>[]>(
    () => [
      ...PUBLISH,
      { key: 'rollout', label: M.rollout, permission: 'add', visible: (v) => v.status === 'published', onClick: (v) => setRollingOut({ version: v, open: true }) },
      { key: 'rollouts', label: M.rollouts, visible: (v) => v.status !== 'draft', onClick: (v) => void navigate(`${ROLLOUT_PATH}?version_id=${v.id}`) },
    ],
    [navigate],
  );
  return (
    <ResourceList<Version>
      descriptor={versionResource}
      menu={VERSION_PATH}
      columns={versionColumns}
      filters={filters}
      form={VersionForm}
      formWidth={760}
      toFormValues={versionFormValues}
      toBody={versionBody}
      rowActions={rowActions}
      canEdit={(v) => v.status !== 'deleted'}
      canDelete={(v) => v.status !== 'deleted'}
    >
      <ListSearchBar />
      <ListToolbar extra={<Button onClick={() => void navigate(ROLLOUT_PATH)}>{M.rollouts}</Button>} />
      <ListGrid<Version> />
      <ListForm<Version> />
      {rollingOut && <RolloutDialog open={rollingOut.open} version={rollingOut.version} onClose={() => setRollingOut({ ...rollingOut, open: false })} />}
    </ResourceList>
  );
}

import { type RemoteSession, remoteSessionResource } from '@gw/contracts';
import { ListGrid, ListSearchBar, ListToolbar, ResourceList, filtersFrom, rowActionsFrom } from '../../components/ResourceTable';
import { useVendorSession } from '../../utils/permission';
import { remoteSessionColumns } from './remoteSessionColumns';
import { useReadableFilters } from '../../components/ResourceTable/readableFilters';

const FILTERS = filtersFrom(remoteSessionResource);

/** 时长 is in view by default: how long a session was granted is what an approver weighs first. */
const PRESENTATION = { hidden: (remoteSessionResource.list?.hidden ?? []).filter((key) => key !== 'minutes') };

/**
 * The declared actions per row, each where the session's status allows it: 结束 while waiting or open, 审批通过 and
 * 拒绝 while waiting, to a factory's users only. A session waits only for the box's company, and a factory's user
 * sees only its own tree's boxes; the vendor's staff never decide for a factory (the server refuses them), so
 * the console does not offer them what would be refused.
 */
const rowActions = (approver: boolean) => {
  const decidable = (row: RemoteSession) => approver && row.status === 'pending';
  return rowActionsFrom<RemoteSession>(remoteSessionResource, undefined, {
    close: { visible: (row) => row.status === 'pending' || row.status === 'active', danger: true },
    approve: { visible: decidable },
    reject: { visible: decidable, danger: true },
  });
};

/**
 * 远程会话: the remote sessions of the caller's scope, newest first — who, from which client, to which box and
 * machine tools, until when, bytes each way, and why it ended — with 结束, 审批通过 and 拒绝 under their bits, and
 * 导出. It follows the live channel: a session approved, refused or ended elsewhere changes here without a reload.
 * Sessions are opened from 远程访问 on a box or a machine tool, never here.
 */
export default function RemoteSessionPage() {
  const vendor = useVendorSession();
  // 所属公司 only for whoever may read the company tree (a factory's user under 客户 may not)
  const filters = useReadableFilters(FILTERS);
  return (
    <ResourceList<RemoteSession>
      descriptor={remoteSessionResource}
      columns={remoteSessionColumns}
      filters={filters}
      presentation={PRESENTATION}
      liveRefetch={['remote_session']}
      actions={{ add: false }}
      rowActions={rowActions(!vendor)}
    >
      <ListSearchBar />
      <ListToolbar />
      <ListGrid<RemoteSession> />
    </ResourceList>
  );
}

import { type DebugClient, type DebugClientCreated, debugClientResource } from '@gw/contracts';
import { Alert } from 'antd';
import { Fragment, useState } from 'react';
import { ListForm, ListGrid, ListSearchBar, ListToolbar, ResourceList, filtersFrom } from '../../components/ResourceTable';
import type { RowAction } from '../../components/ResourceTable/listTypes';
import { useReadableFilters } from '../../components/ResourceTable/readableFilters';
import { useHub, fetchConfig } from './api';
import { ConfigDialog } from './ConfigDialog';
import { saveConfig } from './configFile';
import { DebugClientForm, debugClientBody } from './DebugClientForm';
import { debugClientColumns } from './debugClientColumns';
import { M } from './messages';

const FILTERS = filtersFrom(debugClientResource);

/** 下载配置: the client's wg-quick file again, its PrivateKey line for the user to fill in. */
const DOWNLOAD: RowAction<DebugClient> = {
  key: 'config',
  label: M.download,
  onClick: async (row) => saveConfig(row.name, await fetchConfig(row.id)),
};

/**
 * 调试代理: engineers' WireGuard clients (a PC or phone of one user each) in the caller's scope, whether each is
 * connected and what it moved. 新增 registers one with the user's own public key or a key pair the platform makes,
 * then shows its wg-quick file (and QR code) once; 下载配置 gives the file again without the private key; 删除
 * revokes it at once (its sessions end). A notice says when the platform has no hub for clients to dial yet.
 */
export default function DebugClientPage() {
  // 所属公司 only for whoever may read the company tree (a factory's user under 客户 may not)
  const filters = useReadableFilters(FILTERS);
  const hub = useHub().data;
  const [created, setCreated] = useState<DebugClientCreated | null>(null);
  const unready = hub && !hub.ready;
  return (
    <ResourceList<DebugClient>
      descriptor={debugClientResource}
      columns={debugClientColumns}
      filters={filters}
      form={DebugClientForm}
      toBody={debugClientBody}
      rowActions={[DOWNLOAD]}
      deleteConfirm={M.deleteConfirm}
      // the server refuses a client while it lacks the hub's settings: 新增 says so instead of failing
      addRefused={unready ? M.addRefused : undefined}
    >
      {unready && <Alert type="warning" showIcon title={
            <>
              {M.hubMissing[0]}
              {hub.missing.map((name, index) => (
                <Fragment key={name}>
                  {index > 0 && '、'}
                  <code>{name}</code>
                </Fragment>
              ))}
              {M.hubMissing[1]}
            </>
          } style={{ marginBottom: 12 }} />}
      <ListSearchBar />
      <ListToolbar />
      <ListGrid<DebugClient> />
      <ListForm<DebugClient> onSaved={(client, mode) => mode === 'add' && setCreated(client as DebugClientCreated)} />
      <ConfigDialog created={created} onClose={() => setCreated(null)} />
    </ResourceList>
  );
}

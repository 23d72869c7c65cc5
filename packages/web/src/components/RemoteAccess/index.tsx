import {
  DEBUG_CLIENT_PATH,
  type Device,
  MACHINE_MENU,
  REMOTE_SESSION_DEFAULT_MINUTES,
  REMOTE_SESSION_PATH,
  type RemoteSession,
} from '@gw/contracts';
import { ApiOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal, Radio, Result, Select, Spin, Tooltip } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RowAction } from '../ResourceTable/listTypes';
import { parseTime } from '../../utils/format';
import { useCan } from '../../utils/permission';
import { useBoxMachines, useOpenRemoteSession, useOwnClients } from './api';
import { DURATIONS, M } from './messages';

export { remoteRefusal } from './messages';

/** The box a session opens on, as any list of boxes or machine tools knows it. */
export type RemoteBox = Pick<Device, 'id' | 'gateway_id' | 'name'>;

/** What 远程访问 was asked on: a box, and the machine tools preselected when asked on a machine tool's row. */
export interface RemoteTarget {
  box: RemoteBox;
  machineIds?: number[];
}

interface Values {
  client_id: number;
  scope: 'all' | 'some';
  machine_ids?: number[];
  minutes: number;
}

/** Whether the caller may open remote sessions: 远程访问 shows nowhere without 远程会话's 新增. */
export function useCanOpenRemote(): boolean {
  return useCan()(REMOTE_SESSION_PATH, 'add');
}

/** 客户端: the caller's own clients, or the way to make one when there is none. */
function ClientField() {
  const can = useCan();
  const readable = can(DEBUG_CLIENT_PATH, 'query');
  const clients = useOwnClients(readable);
  if (!readable) return <Alert type="warning" showIcon title={M.noClientRight} style={{ marginBottom: 16 }} />;
  if (clients.isPending) return <Spin />;
  if (!clients.data?.length) {
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={M.noClients}
        action={can(DEBUG_CLIENT_PATH, 'add') ? <Link to={DEBUG_CLIENT_PATH}>{M.toClients}</Link> : undefined}
      />
    );
  }
  return (
    <Form.Item name="client_id" label={M.client} rules={[{ required: true, message: M.clientRequired }]}>
      <Select options={clients.data.map((client) => ({ value: client.id, label: `${client.name} (${client.address})` }))} placeholder={M.clientRequired} />
    </Form.Item>
  );
}

/** 范围: the whole box, or the machine tools chosen (offered to whoever may read the box's machine tools). */
function ScopeFields({ deviceId }: { deviceId: number }) {
  const can = useCan();
  const readable = can(MACHINE_MENU, 'query');
  const machines = useBoxMachines(deviceId, readable);
  const scope = Form.useWatch<Values['scope']>('scope');
  if (!readable) return null;
  return (
    <>
      <Form.Item name="scope" label={M.scope}>
        <Radio.Group
          options={[
            { value: 'all', label: M.wholeBox },
            { value: 'some', label: M.someMachines, disabled: !machines.data?.length },
          ]}
        />
      </Form.Item>
      {scope === 'some' && (
        <Form.Item name="machine_ids" label={M.machines} rules={[{ required: true, type: 'array', min: 1, message: M.machinesRequired }]}>
          <Select
            mode="multiple"
            loading={machines.isPending}
            placeholder={M.machinesRequired}
            notFoundContent={M.noMachines}
            optionFilterProp="label"
            options={(machines.data ?? []).map((machine) => ({ value: machine.id, label: `${machine.name || machine.code} (${machine.ip})` }))}
          />
        </Form.Item>
      )}
    </>
  );
}

/** What the server made of the request: open now, or waiting for the box's company. */
function Opened({ session, onClose }: { session: RemoteSession; onClose: () => void }) {
  const can = useCan();
  const link = can(REMOTE_SESSION_PATH, 'query') && (
    <Link key="sessions" to={REMOTE_SESSION_PATH} onClick={onClose}>
      {M.toSessions}
    </Link>
  );
  const done = (
    <Button key="done" type="primary" onClick={onClose}>
      {M.done}
    </Button>
  );
  return session.status === 'pending' ? (
    <Result status="info" title={M.pending(session.company_name)} subTitle={M.pendingText} extra={[done, link]} />
  ) : (
    <Result status="success" title={M.opened} subTitle={M.openedText(session.client_name, parseTime(session.expires_at))} extra={[done, link]} />
  );
}

/**
 * 远程访问: opens a remote session on a box for one of the caller's clients — the box's machine tools all, or those
 * chosen (preselected when asked on a machine tool's row) — for a while (2 小时 unless chosen, 24 at most), then
 * says whether it is open or waits for the approval of the box's company, with the way to 远程会话.
 *
 * @example <RemoteAccessDialog target={asked} onClose={() => setAsked(null)} />
 */
export function RemoteAccessDialog({ target, onClose }: { target: RemoteTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const open = useOpenRemoteSession();
  const [session, setSession] = useState<RemoteSession | null>(null);
  const close = () => {
    setSession(null);
    open.reset();
    onClose();
  };
  const submit = async () => {
    const { client_id, scope, machine_ids, minutes } = await form.validateFields();
    const body = { client_id, device_id: target!.box.id, minutes, ...(scope === 'some' && machine_ids?.length ? { machine_ids } : {}) };
    setSession(await open.mutateAsync(body));
  };
  const box = target ? target.box.name || target.box.gateway_id : '';
  const preselected = target?.machineIds?.length ? target.machineIds : undefined;
  return (
    <Modal
      title={M.title(box)}
      open={!!target}
      onCancel={close}
      destroyOnHidden
      okText={M.submit}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={open.isPending}
      footer={session ? null : undefined}
    >
      {session ? (
        <Opened session={session} onClose={close} />
      ) : (
        target && (
          <Form<Values>
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ scope: preselected ? 'some' : 'all', machine_ids: preselected, minutes: REMOTE_SESSION_DEFAULT_MINUTES }}
          >
            <ClientField />
            <ScopeFields deviceId={target.box.id} />
            <Form.Item name="minutes" label={M.duration} extra={M.durationHint}>
              <Select options={[...DURATIONS]} />
            </Form.Item>
          </Form>
        )
      )}
    </Modal>
  );
}

/**
 * 远程访问 as a button of its own (the box drawer's header): hidden without 远程会话's 新增, disabled with the
 * reason as its tooltip when the box cannot be reached (`refused`).
 */
export function RemoteAccessButton({ box, refused }: { box: RemoteBox; refused?: string }) {
  const allowed = useCanOpenRemote();
  const [target, setTarget] = useState<RemoteTarget | null>(null);
  if (!allowed) return null;
  const button = (
    <Button icon={<ApiOutlined />} disabled={!!refused} onClick={() => setTarget({ box })}>
      {M.action}
    </Button>
  );
  return (
    <>
      {refused ? (
        // a disabled button takes no pointer events: the tooltip listens on a wrapper
        <Tooltip title={refused}>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      <RemoteAccessDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

/**
 * 远程访问 as a row action (网关设备, 机床): `ask` opens the dialog for the row, `refused` says why a row cannot take
 * it (shown disabled with the reason). Leave it out for callers without 远程会话's 新增 (useCanOpenRemote).
 *
 * @example ...(canRemote ? [remoteAccessAction<Device>((row) => setAsked({ box: row }), (row) => remoteRefusal(row.tunnel_state))] : [])
 */
export function remoteAccessAction<T extends object>(ask: (row: T) => void, refused?: (row: T) => string | undefined): RowAction<T> {
  return { key: 'remote_access', label: M.action, refused, onClick: (row) => ask(row) };
}

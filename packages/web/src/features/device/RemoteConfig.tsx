import { BOX_API, type BoxMethod, DEVICE_PATH, type Device } from '@gw/contracts';
import { Alert, Button, Form, Input, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import type { RowAction } from '../../components/ResourceTable/listTypes';
import { toast } from '../../utils/notify';
import { request } from '../../utils/request';
import { jsonRule } from '../../utils/json';

const M = {
  login: (gatewayId: string) => `远程配置 · 登录设备 ${gatewayId}`,
  password: '设备密码',
  passwordHint: '设备自身的管理员密码',
  passwordRequired: '请输入设备密码',
  title: (gatewayId: string) => `远程配置 · ${gatewayId}`,
  config: '设备配置 (JSON)',
  badJson: (reason: string) => `配置不是有效的 JSON:${reason}`,
  save: '保存',
  saved: '配置已保存到设备',
  unread: '未能读取设备配置',
  refresh: '刷新',
  refreshed: '刷新成功',
  remoteConfig: '远程配置',
};

const configRule = jsonRule(M.badJson, { blank: false });

/** A command of the box's own API through the platform (after box_login): resolves to the box's msg. */
const boxApi = async (id: number, method: BoxMethod, url: string, data?: unknown) =>
  (await request<unknown>({ url: `${DEVICE_PATH}/${id}/box_api`, method: 'POST', data: { method, url, data } })).data;

/** The box's config as an editable JSON text, with 保存 writing it back (POST /api/config on the box). */
function ConfigEditor({ device }: { device: Device }) {
  const [form] = Form.useForm<{ config: string }>();
  const [saving, setSaving] = useState(false);
  // read afresh each time the panel opens: the box is the only source of its config
  const { data, isError } = useQuery({
    queryKey: ['box-config', device.id],
    queryFn: async () => JSON.stringify((await boxApi(device.id, 'GET', BOX_API.config)) ?? {}, null, 2),
    gcTime: 0,
    staleTime: 0,
  });
  useEffect(() => {
    if (data !== undefined) form.setFieldsValue({ config: data });
  }, [data, form]);
  const save = async ({ config }: { config: string }) => {
    setSaving(true);
    try {
      await boxApi(device.id, 'POST', BOX_API.config, JSON.parse(config));
      toast.success(M.saved);
    } catch {
      // the request layer has shown why (设备无响应, 设备不在线, the box's refusal)
    } finally {
      setSaving(false);
    }
  };
  if (isError) return <Alert type="error" showIcon title={M.unread} />;
  return (
    <Spin spinning={data === undefined}>
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
        <Form.Item name="config" label={M.config} rules={[configRule]}>
          <Input.TextArea rows={16} spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={data === undefined}>
          {M.save}
        </Button>
      </Form>
    </Spin>
  );
}

/**
 * 远程配置 of a box: first its own admin password (box_login; a wrong one answers 410, shown as 密码错误 by the
 * request layer and the dialog stays open), then the box's config read and saved through box_api.
 */
export function RemoteConfig({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const [loggedIn, setLoggedIn] = useState<number | null>(null);
  // the password dialog closes itself after a successful login: that close goes on to the config, not away
  const passed = useRef(false);
  const close = () => {
    passed.current = false;
    setLoggedIn(null);
    onClose();
  };
  const login = async ({ password }: { password: string }) => {
    await request({ url: `${DEVICE_PATH}/${device!.id}/box_login`, method: 'POST', data: { password } });
    passed.current = true;
    setLoggedIn(device!.id);
  };
  const editing = !!device && loggedIn === device.id;
  return (
    <>
      <FormDialog<{ password: string }>
        title={device ? M.login(device.gateway_id) : ''}
        open={!!device && !editing}
        onClose={() => (passed.current ? undefined : close())}
        onSubmit={login}
      >
        <Form.Item name="password" label={M.password} extra={M.passwordHint} rules={[{ required: true, message: M.passwordRequired }]}>
          <Input.Password autoComplete="off" />
        </Form.Item>
      </FormDialog>
      <Modal title={device ? M.title(device.gateway_id) : ''} open={editing} onCancel={close} footer={null} width={760} destroyOnHidden>
        {editing && <ConfigEditor device={device} />}
      </Modal>
    </>
  );
}

/**
 * The box row's 刷新 (reads the box's info now and stores it; the row shows it) and 远程配置 (opens `RemoteConfig`
 * through `configure`), both under the list's 编辑 bit.
 */
export function remoteRowActions(configure: (device: Device) => void): RowAction<Device>[] {
  return [
    {
      key: 'refresh',
      label: M.refresh,
      permission: 'edit',
      onClick: async (row, list) => {
        try {
          await request({ url: `${DEVICE_PATH}/${row.id}/refresh`, method: 'POST' });
        } catch {
          return; // the request layer has shown why (设备不在线, 设备无响应)
        }
        toast.success(M.refreshed);
        list.refetch();
      },
    },
    { key: 'remote-config', label: M.remoteConfig, permission: 'edit', onClick: (row) => configure(row) },
  ];
}

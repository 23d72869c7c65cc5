import { BOX_METHODS, type BoxMethod, DEBUG_SESSION_MENU } from '@gw/contracts';
import { Alert, Button, Drawer, Form, Input, Popconfirm, Select, Space, Spin } from 'antd';
import { useCan } from '../../utils/permission';
import { useDebugSession, useSessionActions, useSessionLive } from './debugApi';
import { CommandLog } from './CommandLog';
import { M } from './debugMessages';
import { jsonRule, parseJsonText } from '../../utils/json';

const bodyRule = jsonRule(M.badJson, { blank: true });

interface CommandValues {
  method: BoxMethod;
  url: string;
  body?: string;
}

const METHOD_OPTIONS = BOX_METHODS.map((method) => ({ value: method, label: method }));

/**
 * One debug session: its log of commands and replies and, while it is open and the user holds 网关设备's 远程调试 bit,
 * the command form (method, url, JSON body, 发送) and 结束会话. An ended session is its history, read-only.
 */
export function DebugSessionPanel({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data: session, isLoading } = useDebugSession(id);
  const { send, close } = useSessionActions(id ?? 0);
  useSessionLive(id);
  const can = useCan();
  const [form] = Form.useForm<CommandValues>();
  const writable = !!session && !session.ended_at && can(DEBUG_SESSION_MENU, 'debug');

  const submit = async ({ method, url, body }: CommandValues) => {
    // the request layer has shown a refusal (设备无响应, 设备不在线); the log shows the stored command either way
    await send.mutateAsync({ method, url: url.trim(), data: parseJsonText(body) }).catch(() => undefined);
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={session ? M.sessionTitle(session.device_name || session.gateway_id) : M.title}
      extra={
        writable && (
          <Popconfirm title={M.closeConfirm} onConfirm={() => void close.mutateAsync().catch(() => undefined)}>
            <Button danger loading={close.isPending}>
              {M.close}
            </Button>
          </Popconfirm>
        )
      }
    >
      {isLoading || !session ? (
        <Spin />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          {session.ended_at && <Alert type="info" showIcon title={M.ended} />}
          <CommandLog commands={session.command_list} />
          {writable && (
            <Form form={form} layout="vertical" initialValues={{ method: 'GET', url: '/api/info' }} onFinish={(values) => void submit(values)}>
              <Space align="start" style={{ width: '100%' }} styles={{ item: { flex: 'none' } }}>
                <Form.Item name="method" label={M.method}>
                  <Select options={METHOD_OPTIONS} style={{ width: 120 }} />
                </Form.Item>
                <Form.Item
                  name="url"
                  label={M.url}
                  style={{ width: 520 }}
                  rules={[
                    { required: true, whitespace: true, message: M.urlRequired },
                    { pattern: /^\s*\/\S*\s*$/, message: M.urlFormat },
                  ]}
                >
                  <Input placeholder="/api/info" />
                </Form.Item>
              </Space>
              <Form.Item name="body" label={M.body} extra={M.bodyHint} rules={[bodyRule]}>
                <Input.TextArea rows={6} spellCheck={false} style={{ fontFamily: 'monospace' }} placeholder='{"key": "value"}' />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={send.isPending}>
                {M.send}
              </Button>
            </Form>
          )}
        </Space>
      )}
    </Drawer>
  );
}

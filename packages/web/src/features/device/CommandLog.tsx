import type { DebugCommand } from '@gw/contracts';
import { Empty, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { parseTime } from '../../utils/format';
import { M } from './debugMessages';

/** A reply as the log shows it: JSON pretty-printed, text as it came. */
export const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

const retColor = (ret: number | null) => (ret === null ? 'processing' : ret === 0 ? 'success' : 'error');

/** The reply of a command: waiting, 设备无响应 (ret -1 with no reply of the box), or the box's msg as JSON. */
function Reply({ command }: { command: DebugCommand }) {
  if (command.ret === null) return <Typography.Text type="secondary">{M.waiting}</Typography.Text>;
  if (command.ret === -1) return <Typography.Text type="danger">{typeof command.reply === 'string' && command.reply ? command.reply : M.noAnswer}</Typography.Text>;
  return <pre className="debug-reply">{pretty(command.reply)}</pre>;
}

/** The session's commands and replies, oldest first, kept scrolled to the newest at the bottom. */
export function CommandLog({ commands }: { commands: DebugCommand[] }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => end.current?.scrollIntoView?.({ block: 'end' }), [commands.length]);
  if (!commands.length) return <Empty description={M.noCommands} />;
  return (
    <div style={{ maxHeight: 420, overflow: 'auto' }} aria-label="指令记录">
      {commands.map((command) => (
        <div key={command.id} data-testid="debug-command" style={{ borderBottom: '1px solid #f0f0f0', padding: '8px 0' }}>
          <div>
            <Tag>{command.method}</Tag>
            <Typography.Text code>{command.url}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {parseTime(command.sent_at)}
            </Typography.Text>
            {command.ret !== null && <Tag color={retColor(command.ret)} style={{ marginLeft: 8 }}>{`ret ${command.ret}`}</Tag>}
          </div>
          {command.data !== null && command.data !== undefined && <pre className="debug-body">{pretty(command.data)}</pre>}
          <Reply command={command} />
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}

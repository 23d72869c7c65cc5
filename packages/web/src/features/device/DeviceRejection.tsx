import { type Device, deviceResource, labelOf } from '@gw/contracts';
import { Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { parseTime } from '../../utils/format';
import { M } from './messages';

/** The message's first bytes as they came: kept on their lines, wrapped anywhere (a payload has no word breaks). */
const HEAD_STYLE = { fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 } as const;

/**
 * 数据格式错误: the last telemetry the platform refused from this box — when, why, and the first bytes of the
 * message — so whoever connects a new box sees why it shows no data. Nothing while the box has had none refused.
 *
 * @example <DeviceRejection device={device} />
 */
export function DeviceRejection({ device }: { device: Device }) {
  if (!device.rejected_at) return null;
  const item = (field: 'rejected_at' | 'rejected_reason' | 'rejected_head', children: ReactNode) => ({ key: field, label: labelOf(deviceResource, field), children });
  return (
    <section aria-label={M.rejectedTitle} style={{ marginTop: 16 }}>
      <Typography.Title level={5}>{M.rejectedTitle}</Typography.Title>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          item('rejected_at', parseTime(device.rejected_at)),
          item('rejected_reason', device.rejected_reason),
          item('rejected_head', <pre style={HEAD_STYLE}>{device.rejected_head}</pre>),
        ]}
      />
    </section>
  );
}

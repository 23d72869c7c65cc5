import { type MachineTool, labelOf, machineToolResource } from '@gw/contracts';
import { Button, Descriptions, Modal } from 'antd';
import { categoryTitle } from './category';
import { M } from './messages';

/** What a controller is set up with, in this order. */
const FIELDS = ['name', 'category', 'model', 'description', 'ip', 'gateway', 'netmask', 'broadcast', 'lan_ip'] as const;

/**
 * 详细信息: the machine tool and its address in the box's /24, with the gateway, netmask and broadcast derived from
 * it, and the 本地IP it keeps instead when it has one.
 */
export function IpDialog({ machine, onClose }: { machine: MachineTool | null; onClose: () => void }) {
  return (
    <Modal title={M.details} open={!!machine} onCancel={onClose} footer={<Button onClick={onClose}>{M.close}</Button>} destroyOnHidden>
      {machine && (
        <Descriptions
          column={1}
          size="small"
          bordered
          items={FIELDS.map((field) => ({
            key: field,
            label: labelOf(machineToolResource, field),
            children: field === 'category' ? categoryTitle(machine.category) : (machine[field] ?? '—'),
          }))}
        />
      )}
    </Modal>
  );
}

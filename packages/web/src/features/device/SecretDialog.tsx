import { deviceResource, labelOf } from '@gw/contracts';
import { Alert, Descriptions, Flex, Modal, Typography } from 'antd';
import { CopyButton } from '../../components/CopyButton';
import { M } from './messages';

/** A box's secret as a create or a reset answered it: the only time anyone sees it. */
export interface ShownSecret {
  gatewayId: string;
  secret: string;
}

/** Shows a new secret once, with a copy button and the warning that it cannot be seen again. */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  return (
    <Modal
      title={M.secretTitle}
      open={!!shown}
      onOk={onClose}
      onCancel={onClose}
      okText={M.secretSaved}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={M.secretOnce} style={{ marginBottom: 16 }} />
      {shown && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={labelOf(deviceResource, 'gateway_id')}>{shown.gatewayId}</Descriptions.Item>
          <Descriptions.Item label={M.secretLabel}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text code>{shown.secret}</Typography.Text>
              <CopyButton text={shown.secret} size="small" />
            </Flex>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

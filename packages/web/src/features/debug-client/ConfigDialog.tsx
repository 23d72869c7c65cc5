import type { DebugClientCreated } from '@gw/contracts';
import { Alert, Button, Flex, Image, Modal, Typography } from 'antd';
import { CopyButton } from '../../components/CopyButton';
import { saveConfig } from './configFile';
import { M } from './messages';

/**
 * The new client's wg-quick file, as the create answered it: with a generated key it holds the private key and a
 * QR code of it, both shown this once (the platform keeps no private key); with the user's own key, the file to
 * complete with it. 复制 and 下载 (`<name>.conf`) either way.
 */
export function ConfigDialog({ created, onClose }: { created: DebugClientCreated | null; onClose: () => void }) {
  return (
    <Modal
      title={created ? M.configTitle(created.name) : ''}
      open={!!created}
      onOk={onClose}
      onCancel={onClose}
      okText={M.close}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      width={640}
      destroyOnHidden
    >
      {created && (
        <Flex vertical gap={12}>
          <Alert type={created.qr ? 'warning' : 'info'} showIcon title={created.qr ? M.privateOnce : M.ownKey} />
          <pre aria-label="WireGuard 配置" style={{ fontFamily: 'monospace', fontSize: 13, background: '#f5f5f5', padding: 12, margin: 0, overflowX: 'auto', whiteSpace: 'pre' }}>
            {created.config}
          </pre>
          <Flex gap={8} wrap>
            <CopyButton text={created.config}>{M.copy}</CopyButton>
            <Button onClick={() => saveConfig(created.name, created.config)}>{M.downloadFile}</Button>
          </Flex>
          {created.qr && (
            <Flex vertical align="center" gap={4}>
              <Image src={created.qr} alt={M.qrAlt} width={240} preview={false} />
              <Typography.Text type="secondary">{M.qrHint}</Typography.Text>
            </Flex>
          )}
        </Flex>
      )}
    </Modal>
  );
}

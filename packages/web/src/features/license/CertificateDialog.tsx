import { Alert, Modal } from 'antd';
import { Certificate, type CertificateOf } from './Certificate';
import { M } from './messages';

/** The certificate a create issued, to copy or download before going on. */
export function CertificateDialog({ issued, onClose }: { issued: CertificateOf | null; onClose: () => void }) {
  return (
    <Modal
      title={M.certificateTitle}
      open={!!issued}
      onOk={onClose}
      onCancel={onClose}
      okText={M.close}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      width={640}
      destroyOnHidden
    >
      <Alert type="success" showIcon title={M.certificateIssued} style={{ marginBottom: 16 }} />
      {issued && <Certificate licence={issued} />}
    </Modal>
  );
}

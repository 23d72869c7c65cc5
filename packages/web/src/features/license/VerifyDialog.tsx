import { SafetyCertificateOutlined } from '@ant-design/icons';
import { LICENSE_TYPE_TITLES, type LicenseClaims, labelOf, licenseResource } from '@gw/contracts';
import { Alert, Button, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { parseTime } from '../../utils/format';
import { useVerifyCertificate } from './api';
import { vpnText } from './licenseColumns';
import { M } from './messages';
import { LicenseCounts } from './models';

const label = (field: string) => labelOf(licenseResource, field);

/** What a certificate claims, in the list's words. */
function Claims({ claims }: { claims: LicenseClaims }) {
  const items = [
    [M.subject, claims.sub],
    [label('finger_print'), claims.finger_print],
    [label('type'), LICENSE_TYPE_TITLES[claims.type]],
    [label('nbf'), parseTime(claims.nbf)],
    [label('exp'), parseTime(claims.exp)],
    [M.issuedAt, parseTime(claims.iat)],
    [label('vpn'), vpnText(claims.vpn)],
    [M.jti, claims.jti],
    [label('count'), <LicenseCounts counts={claims.count} />],
  ] as const;
  return <Descriptions column={1} size="small" bordered title={M.claims} items={items.map(([key, children]) => ({ key, label: key, children }))} />;
}

/** 校验证书: a pasted certificate checked by the server — 有效, or the reason it is refused — with what it claims. */
export function VerifyButton() {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ certificate: string }>();
  const verify = useVerifyCertificate();
  const close = () => {
    setOpen(false);
    verify.reset();
  };
  const check = async () => verify.mutate((await form.validateFields()).certificate.trim());
  const verdict = verify.data;
  return (
    <>
      <Button icon={<SafetyCertificateOutlined />} onClick={() => setOpen(true)}>
        {M.verify}
      </Button>
      <Modal title={M.verify} open={open} onCancel={close} onOk={() => void check().catch(() => undefined)} okText={M.verify} confirmLoading={verify.isPending} width={640} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="certificate" label={M.certificate} rules={[{ required: true, whitespace: true, message: M.certificateRequired }]}>
            <Input.TextArea rows={5} placeholder={M.verifyPlaceholder} onChange={() => verify.reset()} />
          </Form.Item>
        </Form>
        {verdict && (
          <>
            <Alert type={verdict.valid ? 'success' : 'error'} showIcon title={verdict.valid ? M.valid : `${M.invalid}: ${verdict.reason ?? ''}`} style={{ marginBottom: 16 }} />
            {verdict.claims && <Claims claims={verdict.claims} />}
          </>
        )}
      </Modal>
    </>
  );
}

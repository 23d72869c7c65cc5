import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { saveBlob } from '../../components/ResourceTable/api';
import { CopyButton } from '../../components/CopyButton';
import { M } from './messages';

/** What names a certificate's file: the box's gateway_id, or the fingerprint when the licence has no box. */
export interface CertificateOf {
  certificate: string;
  gateway_id: string;
  finger_print: string;
}

/** A certificate as text, with 复制 and 下载 (a .lic file named after the box). */
export function Certificate({ licence }: { licence: CertificateOf }) {
  const { certificate } = licence;
  const download = () => saveBlob(new Blob([certificate], { type: 'text/plain' }), M.fileName(licence.gateway_id || licence.finger_print));
  return (
    <>
      <Typography.Paragraph code style={{ wordBreak: 'break-all', maxHeight: 200, overflow: 'auto' }} data-testid="certificate">
        {certificate}
      </Typography.Paragraph>
      <Flex gap={8}>
        <CopyButton text={certificate} />
        <Button icon={<DownloadOutlined />} onClick={download}>
          {M.download}
        </Button>
      </Flex>
    </>
  );
}

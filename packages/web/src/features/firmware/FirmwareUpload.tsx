import { UploadOutlined } from '@ant-design/icons';
import { labelOf, versionResource } from '@gw/contracts';
import { Button, Descriptions, Flex, Upload } from 'antd';
import { useState } from 'react';
import { formatBytes } from '../../utils/format';
import { uploadFirmware } from './api';
import { M } from './messages';

const label = (field: string) => labelOf(versionResource, field);

/** The form's 固件文件: a file just uploaded carries its `file_id`; the one a release already has, only its facts. */
export interface FirmwareFileValue {
  file_id?: string;
  file_name: string;
  size: number;
  sha256: string;
}

interface Props {
  value?: FirmwareFileValue;
  onChange?: (value: FirmwareFileValue) => void;
  disabled?: boolean;
}

/**
 * 固件文件: one file posted to POST /system/version/file as soon as it is chosen (with the TOKEN header), then its
 * name, size and SHA-256 as the server computed them.
 */
export function FirmwareUpload({ value, onChange, disabled }: Props) {
  const [busy, setBusy] = useState(false);
  const choose = async (file: File) => {
    setBusy(true);
    try {
      onChange?.(await uploadFirmware(file));
    } catch {
      // the request client has said why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={8}>
      {!disabled && (
        <Upload
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void choose(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {busy ? M.uploading : value ? M.reupload : M.upload}
          </Button>
        </Upload>
      )}
      {value && (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            { key: 'file_name', label: label('file_name'), children: value.file_name },
            { key: 'size', label: label('size'), children: formatBytes(value.size) },
            { key: 'sha256', label: label('sha256'), children: <code style={{ wordBreak: 'break-all' }}>{value.sha256}</code> },
          ]}
        />
      )}
    </Flex>
  );
}

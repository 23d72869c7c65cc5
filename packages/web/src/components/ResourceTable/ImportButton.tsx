import { FileExcelOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Result, Spin, Upload } from 'antd';
import { useState } from 'react';
import { toast } from '../../utils/notify';
import { fetchFile, resourceApi, saveBlob } from './api';
import { RT } from './messages';
import type { ImportResult } from '@gw/contracts';

interface Props {
  resource: string;
  title: string;
  /** Called after rows were saved, to refresh the list. */
  onImported: () => void;
}

const ignoreErrors = (promise: Promise<unknown>) => void promise.catch(() => undefined);

/** 导入: a dialog with the xlsx template, the upload, and the result (成功 N 条, 失败 M 条, 下载失败记录). */
export function ImportButton({ resource, title, onImported }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const api = resourceApi(resource);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const answer = await api.import(file);
      setResult(answer);
      if (answer.saved > 0) onImported();
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setOpen(false);
    setResult(null);
  };

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {RT.import}
      </Button>
      <Modal title={RT.importTitle(title)} open={open} onCancel={close} footer={null} destroyOnHidden>
        <Flex vertical gap={12}>
          <Button icon={<FileExcelOutlined />} style={{ alignSelf: 'flex-start' }} onClick={() => ignoreErrors(api.template().then((blob) => saveBlob(blob, RT.templateFile(title))))}>
            {RT.downloadTemplate}
          </Button>
          <Spin spinning={busy}>
            <Upload.Dragger
              accept=".xlsx"
              showUploadList={false}
              disabled={busy}
              beforeUpload={(file) => {
                if (!file.name.toLowerCase().endsWith('.xlsx')) toast.error(RT.onlyXlsx);
                else ignoreErrors(upload(file));
                return Upload.LIST_IGNORE;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{RT.uploadHint}</p>
            </Upload.Dragger>
          </Spin>
          {result && (
            <Result
              status={result.failed ? 'warning' : 'success'}
              title={RT.importResult(result.saved, result.failed)}
              extra={
                result.failed_url && (
                  <Button onClick={() => ignoreErrors(fetchFile(result.failed_url!).then((blob) => saveBlob(blob, RT.failuresFile(title))))}>
                    {RT.downloadFailures}
                  </Button>
                )
              }
            />
          )}
        </Flex>
      </Modal>
    </>
  );
}

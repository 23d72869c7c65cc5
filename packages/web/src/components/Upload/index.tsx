import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Upload as AntUpload, Button, Space, type UploadFile, type UploadProps } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { API_BASE, UPLOAD_LIMIT } from '../../settings';
import { imageUrl } from '../../utils/image';
import { UPLOAD_LABELS } from './messages';
import type { ImageRule } from './rules';
import type { UploadedFile } from './send';
import { doneUid, useUploadQueue } from './useUploadQueue';

export type { UploadedFile } from './send';

export interface UploadWidgetProps {
  /** Where files are posted (default the console's /tools/upload). */
  action?: string;
  /** Multipart field name (default 'file'). */
  name?: string;
  /** Most files in the list (default 1). */
  limit?: number;
  multiple?: boolean;
  accept?: string;
  /** Smallest / largest file in KB. */
  minSize?: number;
  maxSize?: number;
  /** Exact image size, or with `ratio: true` only its aspect ratio. */
  image?: ImageRule;
  /** Upload as soon as files are chosen (default); false shows an 上传 button. */
  autoUpload?: boolean;
  value?: UploadedFile[];
  onChange?: (value: UploadedFile[]) => void;
  /** How many chosen files are not uploaded yet (waiting, uploading or failed). */
  onPendingChange?: (count: number) => void;
  listType?: UploadProps['listType'];
  disabled?: boolean;
  /** The trigger; a button (or a + tile for picture cards) by default. */
  children?: ReactNode;
}

/**
 * File upload field: checks count, size and image dimensions, uploads with the TOKEN header,
 * marks each file done or failed and sums the batch up in one toast. Value: [{ name, url }].
 *
 * @example <Form.Item name="images"><Upload limit={5} multiple accept="image/*" maxSize={2048} listType="picture-card" /></Form.Item>
 */
export function Upload(props: UploadWidgetProps) {
  const { action = `${API_BASE}/tools/upload`, name = 'file', limit = UPLOAD_LIMIT, autoUpload = true } = props;
  const { multiple, accept, listType = 'text', disabled, children, onPendingChange } = props;
  const { list, queue, choose, remove, uploadAll } = useUploadQueue({ ...props, action, name, limit, autoUpload });

  useEffect(() => {
    onPendingChange?.(queue.length);
  }, [queue.length, onPendingChange]);

  const fileList = useMemo<UploadFile[]>(
    () => [
      ...list.map((file, i) => ({ uid: doneUid(file, i), name: file.name, url: imageUrl(file.url), status: 'done' as const })),
      ...queue.map((item) => ({
        uid: item.uid,
        name: item.file.name,
        status: item.status === 'waiting' ? undefined : item.status,
        response: item.error,
      })),
    ],
    [list, queue],
  );

  const waiting = queue.some((item) => item.status === 'waiting' || item.status === 'error');
  const trigger =
    children ??
    (listType === 'picture-card' || listType === 'picture-circle' ? (
      <PlusOutlined aria-label={UPLOAD_LABELS.choose} />
    ) : (
      <Button icon={<UploadOutlined />} disabled={disabled}>
        {autoUpload ? UPLOAD_LABELS.clickToUpload : UPLOAD_LABELS.choose}
      </Button>
    ));

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <AntUpload
        name={name}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        listType={listType}
        fileList={fileList}
        beforeUpload={(file, batch) => {
          // antd asks once per file; the whole selection is judged together (the count rule needs all of it)
          if (file === batch[0]) void choose(batch);
          return AntUpload.LIST_IGNORE;
        }}
        onRemove={(file) => {
          remove(file.uid);
          return false;
        }}
      >
        {trigger}
      </AntUpload>
      {!autoUpload && (
        <Button type="primary" autoInsertSpace={false} disabled={disabled || !waiting} onClick={() => void uploadAll()}>
          {UPLOAD_LABELS.upload}
        </Button>
      )}
    </Space>
  );
}

export default Upload;

import { GOODS_OPTIONS_URL, type Version, labelOf, versionCreateSchema, versionResource } from '@gw/contracts';
import { Alert, Form, Input, Spin } from 'antd';
import { Suspense, lazy } from 'react';
import { RemoteSelect } from '../../components/RemoteSelect';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { zodRule } from '../../utils/form';
import { type FirmwareFileValue, FirmwareUpload } from './FirmwareUpload';
import { M } from './messages';

const RichText = lazy(() => import('../../components/RichText'));

/** 更新说明: the rich-text editor, loaded when the form first opens (the Form.Item's value and onChange pass through). */
function ChangelogEditor(props: { value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<Spin />}>
      <RichText height={320} menubar={false} {...props} />
    </Suspense>
  );
}

const shape = versionCreateSchema.shape;
const label = (field: string) => labelOf(versionResource, field);

const fileNeeded = {
  validator: async (_: unknown, value?: FirmwareFileValue) => {
    if (!value?.sha256) throw new Error(M.fileRequired);
  },
};

/** A release → the form: its file's facts stand for the file (no file_id: it is not sent again unless replaced). */
export const versionFormValues = (version: Version) => ({
  version: version.version,
  goods_ids: version.goods_ids,
  file: { file_name: version.file_name, size: version.size, sha256: version.sha256 },
  changelog: version.changelog,
});

/**
 * The form → the body: the file as `file_id` and `file_name` when one was uploaded; a published release sends its
 * changelog alone (its file and fit are what boxes got).
 */
export function versionBody(values: Record<string, unknown>, record?: Version) {
  const { file, changelog, ...rest } = values as { file?: FirmwareFileValue; changelog?: string } & Record<string, unknown>;
  if (record?.status === 'published') return { changelog: changelog ?? '' };
  return { ...rest, ...(file?.file_id ? { file_id: file.file_id, file_name: file.file_name } : {}), changelog: changelog ?? '' };
}

/**
 * 固件版本: 版本号, 适用设备类型, 固件文件 (uploaded at once; size and SHA-256 shown as the server computed them) and
 * 更新说明. Once published only 更新说明 can change.
 */
export function VersionForm({ record }: ResourceFormProps<Version>) {
  const locked = record?.status === 'published';
  const known = record ? record.goods_ids.map((id, i) => ({ id, name: record.goods_names[i] ?? String(id) })) : [];
  const labelRender = ({ value, label: shown }: { value: unknown; label?: unknown }) =>
    (shown as string | undefined) ?? known.find((goods) => goods.id === value)?.name ?? String(value);
  return (
    <>
      {locked && <Alert type="info" showIcon title={M.publishedHint} style={{ marginBottom: 16 }} />}
      <Form.Item name="version" label={label('version')} rules={[{ required: true, message: '请输入版本号' }, zodRule(shape.version)]}>
        <Input placeholder="1.4.2" maxLength={64} disabled={locked} />
      </Form.Item>
      <Form.Item name="goods_ids" label={label('goods_ids')} rules={[zodRule(shape.goods_ids)]}>
        <RemoteSelect url={GOODS_OPTIONS_URL} labelField="name" mode="multiple" placeholder={M.goodsPlaceholder} labelRender={labelRender} disabled={locked} />
      </Form.Item>
      <Form.Item name="file" label={label('file_id')} required rules={[fileNeeded]}>
        <FirmwareUpload disabled={locked} />
      </Form.Item>
      <Form.Item name="changelog" label={label('changelog')}>
        <ChangelogEditor />
      </Form.Item>
    </>
  );
}

import { Modal } from 'antd';
import { useState } from 'react';
import { imageUrl } from '../../utils/image';
import { toast } from '../../utils/notify';
import { Upload, type UploadedFile } from '../Upload';
import { EDITOR_MESSAGES } from './messages';

/** Most images one dialog takes at once. */
export const IMAGE_DIALOG_LIMIT = 20;

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What confirming inserts: one <img> per uploaded image, but nothing (null) while any chosen image is still
 * waiting, uploading or failed.
 */
export function imagesHtml(images: readonly UploadedFile[], pending: number): string | null {
  if (pending > 0) return null;
  return images.map((image) => `<img src="${escapeAttr(imageUrl(image.url))}" alt="${escapeAttr(image.name)}">`).join('');
}

interface Props {
  open: boolean;
  onCancel: () => void;
  /** Called with the images' HTML once all of them are uploaded. */
  onInsert: (html: string) => void;
}

/** Multi-image upload for the editor: confirming inserts every image, only once all are uploaded. */
export function ImageDialog({ open, onCancel, onInsert }: Props) {
  const [images, setImages] = useState<UploadedFile[]>([]);
  const [pending, setPending] = useState(0);
  const close = (then: () => void) => {
    setImages([]);
    setPending(0);
    then();
  };

  const confirm = () => {
    const html = imagesHtml(images, pending);
    if (html === null) {
      toast.warning(EDITOR_MESSAGES.waitForImages);
      return;
    }
    close(() => (html ? onInsert(html) : onCancel()));
  };

  return (
    <Modal open={open} title={EDITOR_MESSAGES.uploadImages} onOk={confirm} onCancel={() => close(onCancel)} destroyOnHidden>
      <Upload multiple accept="image/*" listType="picture-card" limit={IMAGE_DIALOG_LIMIT} value={images} onChange={setImages} onPendingChange={setPending} />
    </Modal>
  );
}

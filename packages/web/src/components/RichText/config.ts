import type { Editor as TinyMCEEditor } from 'tinymce';
import { imageUrl } from '../../utils/image';
import { request } from '../../utils/request';
import { EDITOR_MESSAGES } from './messages';

export const DEFAULT_HEIGHT = 700;
export const DEFAULT_MENUBAR = 'file edit insert view format table';
export const DEFAULT_PLUGINS =
  'advlist anchor autolink charmap code codesample directionality fullscreen image insertdatetime link lists media nonbreaking pagebreak preview searchreplace table visualblocks visualchars wordcount';
export const DEFAULT_TOOLBAR = [
  'undo redo | blocks fontsize | bold italic underline strikethrough forecolor backcolor | alignleft aligncenter alignright alignjustify',
  'bullist numlist outdent indent | link uploadimages image media table charmap codesample | removeformat code preview fullscreen',
];
/** The toolbar button that opens our image dialog. */
export const IMAGE_BUTTON = 'uploadimages';

/** TinyMCE's blob handle for pasted or dropped images. */
interface BlobInfo {
  blob(): Blob;
  filename(): string;
}

/** An upload failure TinyMCE reports and whose placeholder image it removes. */
class ImageUploadError extends Error {
  readonly remove = true;
}

/** images_upload_handler: POST /tools/upload (field file) through the request client; resolves to data.url. */
export async function uploadImage(blobInfo: BlobInfo): Promise<string> {
  const form = new FormData();
  form.append('file', blobInfo.blob(), blobInfo.filename());
  try {
    const res = await request<{ name: string; url: string }>({ url: '/tools/upload', method: 'POST', data: form });
    return imageUrl(res.data.url);
  } catch (err) {
    throw new ImageUploadError(err instanceof Error ? err.message : String(err));
  }
}

export interface InitOptions {
  height?: number | string;
  menubar?: string | boolean;
  /** TinyMCE language code ('zh-CN', 'en', …). */
  language: string;
  toolbar?: string | string[];
  plugins?: string;
  /** Opens the multi-image dialog. */
  onImageButton: () => void;
}

/** The editor's init options: self-hosted (GPL licence, no promotion), our upload and our image button. */
export function buildInit({ height = DEFAULT_HEIGHT, menubar = DEFAULT_MENUBAR, language, toolbar = DEFAULT_TOOLBAR, plugins = DEFAULT_PLUGINS, onImageButton }: InitOptions) {
  return {
    height,
    menubar,
    language: language === 'en' ? undefined : language,
    plugins,
    toolbar,
    promotion: false,
    branding: false,
    // the license key itself goes through the wrapper's licenseKey prop, which sets license_key
    convert_urls: false,
    object_resizing: true,
    images_upload_handler: uploadImage,
    setup: (editor: TinyMCEEditor) => {
      editor.ui.registry.addButton(IMAGE_BUTTON, { icon: 'gallery', tooltip: EDITOR_MESSAGES.uploadImages, onAction: onImageButton });
    },
  };
}

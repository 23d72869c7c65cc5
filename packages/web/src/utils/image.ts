/**
 * Where stored relative image paths (those not starting with http) are served from. Empty by default, so
 * '/custom/uploads/…' stays same-origin; set VITE_IMAGE_BASE when uploads live on another host.
 */
export const IMAGE_BASE: string = (import.meta.env.VITE_IMAGE_BASE as string | undefined) ?? '';

/**
 * A displayable URL for a stored image: URLs starting with http pass through, others get the image base in
 * front. Local previews (blob:, data:) pass through too, since a prefix would break them.
 *
 * @example imageUrl('/custom/uploads/a.png') // '/custom/uploads/a.png' with no base configured
 */
export function imageUrl(url: string | null | undefined, base: string = IMAGE_BASE): string {
  if (!url) return '';
  if (/^(http|blob:|data:)/.test(url)) return url;
  if (!base) return url;
  return `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** Natural width and height of an image file; rejects when the file is not a readable image. */
export function readImageSize(file: Blob): Promise<ImageSize> {
  return new Promise((resolve, reject) => {
    const src = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(src);
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(src);
      reject(new Error('not an image'));
    };
    img.src = src;
  });
}

import { readImageSize } from '../../utils/image';
import { UPLOAD_MESSAGES } from './messages';

export interface ImageRule {
  width: number;
  height: number;
  /** Only the aspect ratio width:height must match, not the exact size. */
  ratio?: boolean;
}

export interface FileRules {
  /** Smallest size in KB. */
  minSize?: number;
  /** Largest size in KB. */
  maxSize?: number;
  /** Required image dimensions (images only). */
  image?: ImageRule;
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(2));
const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
/** '1920:1080' → '16:9'. */
const ratioText = (width: number, height: number) => {
  const d = gcd(width, height) || 1;
  return `${width / d}:${height / d}`;
};

/**
 * Why a chosen file is refused (size in KB, then image dimensions), or null when it may be uploaded. Images that
 * cannot be decoded are left to the server.
 */
export async function checkFile(file: File, rules: FileRules): Promise<string | null> {
  if (rules.maxSize !== undefined && file.size > rules.maxSize * 1024) return UPLOAD_MESSAGES.tooLarge(rules.maxSize, kb(file.size));
  if (rules.minSize !== undefined && file.size < rules.minSize * 1024) return UPLOAD_MESSAGES.tooSmall(rules.minSize, kb(file.size));
  const rule = rules.image;
  if (!rule || !file.type.startsWith('image/')) return null;
  let size;
  try {
    size = await readImageSize(file);
  } catch {
    return null;
  }
  if (rule.ratio) {
    if (size.width * rule.height === size.height * rule.width) return null;
    return UPLOAD_MESSAGES.wrongRatio(ratioText(rule.width, rule.height), ratioText(size.width, size.height));
  }
  if (size.width === rule.width && size.height === rule.height) return null;
  return UPLOAD_MESSAGES.wrongSize(rule.width, rule.height, size.width, size.height);
}

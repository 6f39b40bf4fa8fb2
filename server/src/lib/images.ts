import { fileTypeFromBuffer } from 'file-type';

export const ALLOWED_IMAGES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;

/** The image kind judged by the bytes, never by the name; null for anything else (SVG, HTML, text). */
export async function sniffImage(
  buf: Buffer,
): Promise<{ mime: keyof typeof ALLOWED_IMAGES; ext: string } | null> {
  if (buf.length === 0) return null;
  const type = await fileTypeFromBuffer(buf);
  if (!type || !(type.mime in ALLOWED_IMAGES)) return null;
  const mime = type.mime as keyof typeof ALLOWED_IMAGES;
  return { mime, ext: ALLOWED_IMAGES[mime] };
}

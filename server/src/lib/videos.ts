import { SOP_VIDEO_TYPES } from '@itms/contracts/sop';
import { fileTypeFromFile } from 'file-type';

/** The video kind of a file judged by its bytes, never by its name: MP4 or WebM, else null. */
export async function sniffVideoFile(
  file: string,
): Promise<{ mime: keyof typeof SOP_VIDEO_TYPES; ext: string } | null> {
  const type = await fileTypeFromFile(file);
  if (!type || !(type.mime in SOP_VIDEO_TYPES)) return null;
  const mime = type.mime as keyof typeof SOP_VIDEO_TYPES;
  return { mime, ext: SOP_VIDEO_TYPES[mime] };
}

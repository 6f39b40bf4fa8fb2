/** Longest edge and size a field photo is brought down to on the phone before it is stored. */
export const PHOTO_MAX_EDGE = 1600;
export const PHOTO_MAX_BYTES = 500 * 1024;

/**
 * A camera photo made small enough to send on a weak signal: orientation applied, the long edge at
 * most 1600 px, JPEG, under 500 KB (the quality steps down until it fits).
 */
export async function compressPhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, PHOTO_MAX_EDGE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d is not available');
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  let blob: Blob | undefined;
  for (const quality of [0.82, 0.72, 0.62, 0.52, 0.42]) {
    blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    if (blob.size <= PHOTO_MAX_BYTES) break;
  }
  return blob!;
}
